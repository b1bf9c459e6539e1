"""The rotation map: pure round trips, and agreement with pygame.transform.rotate."""
import pygame
import pytest

from companion.ui import rotation

SIZES = [(800, 480), (720, 1280), (7, 3)]


@pytest.mark.timeout(10)
@pytest.mark.parametrize("degrees", rotation.ANGLES)
@pytest.mark.parametrize("size", SIZES)
def test_round_trip(size, degrees):
    w, h = size
    pw, ph = rotation.logical_size(size, degrees) if degrees in (90, 270) else size
    step = max(1, w // 37)
    for x in range(0, w, step):
        for y in range(0, h, max(1, h // 23)):
            px, py = rotation.to_physical((x, y), size, degrees)
            assert 0 <= px < pw and 0 <= py < ph
            assert rotation.to_logical((px, py), size, degrees) == (x, y)


@pytest.mark.timeout(10)
@pytest.mark.parametrize("degrees", rotation.ANGLES)
def test_matches_pygame_rotate(degrees):
    size = (7, 3)
    for point in [(0, 0), (6, 0), (0, 2), (6, 2), (3, 1), (5, 2)]:
        surf = pygame.Surface(size)
        surf.fill((0, 0, 0))
        surf.set_at(point, (255, 0, 0))
        rotated = pygame.transform.rotate(surf, degrees)
        px, py = rotation.to_physical(point, size, degrees)
        assert rotated.get_at((px, py))[:3] == (255, 0, 0)


def test_logical_size_and_bad_angle():
    assert rotation.logical_size((480, 800), 90) == (800, 480)
    assert rotation.logical_size((800, 480), 180) == (800, 480)
    with pytest.raises(ValueError):
        rotation.logical_size((800, 480), 45)
