"""gpiozero without the modules it imports for devices and lookups we do not use.

Importing gpiozero imports, for every kind of device it has, modules that
our buttons (``DigitalInputDevice`` on a given pin factory) never use:

- :mod:`importlib.metadata` (with :mod:`email`, :mod:`zipfile`, :mod:`csv`,
  :mod:`calendar`): ``entry_points`` is called only to look a pin factory or
  a mock pin class up *by name* (``GPIOZERO_PIN_FACTORY``, or no factory
  given); about 1 MiB;
- :mod:`statistics` (``median``, ``mean``): only smoothed input devices and
  ``gpiozero.tools`` average readings;
- :mod:`colorzero` (``Color``, with :mod:`fractions` and :mod:`decimal`): only
  RGB LEDs; the two together about 0.9 MiB;
- :mod:`pprint` (``pformat``): only a board's ``repr``;
- the package's own ``__init__``, which imports every kind of device: boards,
  LEDs and motors, SPI devices, tones, internal devices (with
  :mod:`subprocess`); about 0.8 MiB.

Together that is a fifth of what the app adds to a bare pygame window (issue
13, peak RSS). :func:`import_gpiozero` puts a stand-in in :data:`sys.modules`
for each of them: for a module (:class:`DeferredModule`), the names gpiozero
takes from it, and any other attribute, import the real module on first use
and answer from it; from then on ``import`` gives the real module. For the
package (:class:`DeferredPackage`), its modules import as usual, and the first
name asked of the package itself runs its ``__init__``. gpiozero sees the real
behaviour, only later.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
import types
from typing import Any

_LOCK = threading.RLock()  # re-entrant: a real module may import another deferred one
#: module -> the names gpiozero imports from it (and only calls)
_GPIOZERO_DEFERS = (("importlib.metadata", ("entry_points",)), ("statistics", ("median", "mean")),
                    ("colorzero", ("Color",)), ("pprint", ("pformat",)))


class DeferredModule(types.ModuleType):
    """Stands in :data:`sys.modules` for the module ``name`` until it is used.

    ``callables``: names the importers take with ``from name import ...`` and
    only call (``Color(...)``, never ``isinstance(x, Color)``); each is a
    function that imports the real module and calls its namesake. Any
    other attribute (but the module's own dunders) imports the real module and
    returns its attribute. The stand-in has the real module's ``__spec__`` and
    ``__path__``, so that imports of its submodules still work."""

    def __init__(self, name: str, callables: tuple[str, ...]) -> None:
        super().__init__(name)
        spec = importlib.util.find_spec(name)
        self.__spec__ = spec
        if spec is not None and spec.submodule_search_locations is not None:
            self.__path__ = list(spec.submodule_search_locations)
        for attr in callables:
            setattr(self, attr, self._forward(attr))

    def _forward(self, attr: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(self.load(), attr)(*args, **kwargs)
        call.__name__ = call.__qualname__ = attr
        return call

    def load(self) -> types.ModuleType:
        """The real module, imported now if it was not yet (thread-safe)."""
        with _LOCK:
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
            return importlib.import_module(self.__name__)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return getattr(self.load(), attr)


def defer(name: str, callables: tuple[str, ...]) -> None:
    """Put a :class:`DeferredModule` for ``name`` in :data:`sys.modules`,
    unless the module is imported already (then nothing changes)."""
    with _LOCK:
        if name not in sys.modules:
            stand_in = sys.modules[name] = DeferredModule(name, callables)
            parent, _, child = name.rpartition(".")
            if parent:  # ``import importlib.metadata`` then ``importlib.metadata.version``
                setattr(importlib.import_module(parent), child, stand_in)


class DeferredPackage(types.ModuleType):
    """Stands in :data:`sys.modules` for the package ``name`` before its ``__init__`` has run.

    It has the package's ``__spec__`` and ``__path__``, so ``import name.sub`` and
    ``from name.sub import x`` work as usual and load only ``sub`` and what it imports.
    The first other attribute asked of it (``from name import x``, ``name.x``) runs
    the package's ``__init__`` in this very module, as ``import`` would have (the
    spec's loader ``exec_module``), and answers from it: from then on it is the whole
    package. Raises ``ModuleNotFoundError`` when there is no such package."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or spec.submodule_search_locations is None:
            raise ModuleNotFoundError(f"no package named {name!r}", name=name)
        self.__spec__ = spec
        self.__path__ = list(spec.submodule_search_locations)
        self.__file__ = spec.origin
        self.__package__ = name
        self.__loader__ = spec.loader
        self.__dict__["_deferred_init"] = spec.loader

    def load(self) -> DeferredPackage:
        """Run the package's ``__init__`` now if it has not run yet (thread-safe); returns self."""
        with _LOCK:
            loader = self.__dict__.pop("_deferred_init", None)
            if loader is not None:
                try:
                    loader.exec_module(self)
                except BaseException:
                    self.__dict__["_deferred_init"] = loader  # as a failed import: the next use tries again
                    raise
        return self

    def __getattr__(self, attr: str) -> Any:
        if (attr.startswith("__") and attr.endswith("__")) or "_deferred_init" not in self.__dict__:
            raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}")
        return getattr(self.load(), attr)


def import_gpiozero() -> types.ModuleType:
    """The ``gpiozero`` package with what our buttons do not need deferred (see the
    module's text): the modules :data:`_GPIOZERO_DEFERS` names, and the package's own
    ``__init__`` (a :class:`DeferredPackage`), which imports every kind of device
    (boards, LEDs, motors, SPI, tones, internal devices with :mod:`subprocess`...).
    Import what is used from its modules (``from gpiozero.input_devices import
    DigitalInputDevice``) to keep the rest unloaded; any name asked of the package
    itself loads it whole. Already imported: returned as it is."""
    with _LOCK:
        if "gpiozero" not in sys.modules:
            for name, callables in _GPIOZERO_DEFERS:
                defer(name, callables)
            sys.modules["gpiozero"] = DeferredPackage("gpiozero")
        return sys.modules["gpiozero"]
