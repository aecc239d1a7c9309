"""Event texts name seats neutrally; front ends put people's names in."""

from bot.engine.names import player, with_names


def test_player_names_are_swapped_for_display_names() -> None:
    text = f"{player(0)} blocks {player(2)}; Player 12 is not seated."
    assert with_names(text, ["Ann", "Bo", "Cy"]) == "Ann blocks Cy; Player 12 is not seated."


def test_words_that_merely_contain_player_are_untouched() -> None:
    assert with_names("Players 1 and Multiplayer 2", ["Ann", "Bo"]) == "Players 1 and Multiplayer 2"
