"""Table hardware: GPIO buttons and the serial electronic die, with their mocks.

``hw`` emits plain events and never imports ``companion.rules``.
"""
