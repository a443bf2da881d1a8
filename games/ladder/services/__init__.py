"""The one sanctioned way to change game state: one module per concern, each function atomic.

Every refusal raises `Refusal` with a message meant for the player.
"""
