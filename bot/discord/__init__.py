"""The Discord adapter: everything between discord.py and the match service that is not a cog.

Cogs (``cogs/``) import from here; nothing here imports a cog, so the package has no cycle.
Components, delivery, replies, images, guards and the texts several cogs share live here.
"""
