"""Developer commands behind ``python -m bot``: each module has ``main(argv) -> int``."""
