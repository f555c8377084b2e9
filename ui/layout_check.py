"""The automatic layout check: what a player would see wrong on a screen, found by program.

``check_window(mm)`` looks at everything on the Window now (the screen, the overlays, any
open popup) as drawn, and returns the ``Problem`` s it finds:

- ``text-fit``: a label's text needs more room than its box (it spills out, is clipped, or
  is shortened with "...");
- ``text-size``: text smaller than ``theme.TEXT_MIN_MM`` on the configured display;
- ``text-overlap``: the letters of two labels overlap (also a label covered by an overlay);
- ``contrast``: text against what is drawn behind it, measured on the drawn pixels, under
  ``theme.MIN_CONTRAST`` (text under a translucent or opaque overlay fails here too);
- ``touch-size``: a touchable widget under ``theme.TOUCH_MIN_MM`` wide or tall;
- ``touch-overlap``: two touchables overlap, or one lies under an overlay that takes the
  touches (a popup, the warnings banner);
- ``outside``: a widget lies (partly) outside the window;
- ``colour``: text in a colour that is not the palette's, or a faction named in a colour that
  is not that faction's (``theme.FACTION``).

Touchables are ``ButtonBehavior`` widgets, text inputs, sliders, and any widget with a true
``touchable`` attribute. Widgets with a true ``blocks_touch`` attribute (the warnings banner)
and popups (``ModalView``) take every touch inside them. Widgets inside a ``ScrollView`` (or
any ``StencilView``) are checked inside its visible part only.

Kivy is imported lazily; this module needs a Window that has drawn (``EventLoop.idle()``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ui import theme

Rect = tuple[float, float, float, float]  # x, y, width, height in window pixels

#: Pixels of slack: layouts round positions to whole pixels.
TOL = 1.5
FACTION_WORD = re.compile(r"\b(" + "|".join(theme.FACTION) + r")\b", re.IGNORECASE)
MARKUP_SIZE = re.compile(r"\[size=(\d+(?:\.\d+)?)\]")


@dataclass(frozen=True)
class Problem:
    kind: str
    where: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.where}: {self.detail}"


@dataclass
class _Item:
    widget: Any
    rect: Rect  # the widget's box in window coordinates
    clip: Rect | None  # the visible area of the StencilView around it, if any
    layer: int  # which child of the Window it belongs to
    path: tuple[int, ...]  # ids of its ancestors, for "is one inside the other"
    order: int  # drawing order: a later item is drawn over an earlier one


def palette() -> list[theme.RGBA]:
    """Every colour text may have."""
    names = [n for n in dir(theme) if n.isupper()]
    colours = [getattr(theme, n) for n in names]
    out = [c for c in colours if isinstance(c, tuple) and len(c) == 4]
    out += list(theme.FACTION.values()) + list(theme.SEATS) + list(theme.GAME_ACCENT.values())
    return out


def _same_colour(a: Any, b: Any, tol: float = 0.012) -> bool:
    return all(abs(float(a[i]) - float(b[i])) <= tol for i in range(3))


def _intersect(a: Rect, b: Rect) -> Rect | None:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if x1 - x0 <= TOL or y1 - y0 <= TOL:
        return None
    return (x0, y0, x1 - x0, y1 - y0)


def _window_rect(widget: Any) -> Rect:
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))


def describe(widget: Any) -> str:
    """``Button 'Undo last' in WarningsBanner``: enough to find it in the .kv."""
    name = type(widget).__name__
    text = str(getattr(widget, "text", "") or "")
    if not text:
        text = str(getattr(widget, "title", "") or "")
    text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", text).replace("\n", " ")
    label = f" {text[:40]!r}" if text else ""
    owner = ""
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if type(parent).__module__.startswith("ui."):
            owner = f" in {type(parent).__name__}"
            break
        parent = parent.parent
    return f"{name}{label}{owner}"


def _walk(window: Any) -> Iterator[_Item]:
    from kivy.uix.stencilview import StencilView

    counter = [0]

    def visit(
        w: Any, clip: Rect | None, layer: int, path: tuple[int, ...], alpha: float
    ) -> Iterator[_Item]:
        alpha *= float(getattr(w, "opacity", 1.0))
        if alpha <= 0.01:
            return
        rect = _window_rect(w)
        if clip is not None and _intersect(rect, clip) is None:
            return  # scrolled out of sight
        counter[0] += 1
        yield _Item(w, rect, clip, layer, path, counter[0])
        inner = clip
        if isinstance(w, StencilView):
            inner = rect if clip is None else (_intersect(rect, clip) or (0, 0, 0, 0))
        for child in reversed(w.children):  # drawing order
            yield from visit(child, inner, layer, (*path, id(w)), alpha)

    for layer, child in enumerate(reversed(window.children)):
        yield from visit(child, None, layer, (), 1.0)


def is_touchable(widget: Any) -> bool:
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.slider import Slider
    from kivy.uix.textinput import TextInput

    if getattr(widget, "touchable", False):
        return True
    return isinstance(widget, ButtonBehavior | TextInput | Slider)


def _blocks_touch(widget: Any) -> bool:
    from kivy.uix.modalview import ModalView
    from kivy.uix.vkeyboard import VKeyboard

    if isinstance(widget, ModalView | VKeyboard):
        return True
    return bool(getattr(widget, "blocks_touch", False))


def _inside(a: _Item, b: _Item) -> bool:
    """One is the other or contains it."""
    return a.widget is b.widget or id(a.widget) in b.path or id(b.widget) in a.path


def window_pixels() -> np.ndarray:
    """What the Window shows now, (H, W, 3) uint8 RGB, row 0 at the top."""
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels

    w, h = (int(v) for v in Window.size)
    data = glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE)
    return np.frombuffer(data, np.uint8).reshape(h, w, 4)[::-1, :, :3].copy()


def _core_size(label: Any, width: float | None) -> tuple[float, float]:
    """The size the label's text needs at ``width`` (None: one unbroken line), uncut."""
    core = label._label
    opts = dict(core.options)
    opts.update(text_size=(width, None), shorten=False, max_lines=0)
    opts.pop("text", None)
    measure = type(core)(text=label.text, **opts)
    measure.refresh()
    tex = measure.texture
    return (float(tex.width), float(tex.height)) if tex is not None else (0.0, 0.0)


def _longest_word_width(label: Any) -> float:
    """How wide the longest word of the label's text is drawn, on one line."""
    text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", str(label.text)) if label.markup else label.text
    words = str(text).split()
    if not words:
        return 0.0
    longest = max(words, key=len)
    core = label._label
    opts = dict(core.options)
    opts.update(
        text_size=(None, None), shorten=False, max_lines=0, padding_x=0, padding=(0, 0, 0, 0)
    )
    opts.pop("text", None)
    measure = type(core)(text=longest, **opts)
    measure.refresh()
    return float(measure.texture.width) if measure.texture is not None else 0.0


def _ink(label: Any) -> tuple[Rect, np.ndarray] | None:
    """Where the label's letters are (window rect) and their alpha mask (row 0 at the top)."""
    tex = label.texture
    if tex is None or tex.width == 0 or tex.height == 0:
        return None
    alpha = np.frombuffer(tex.pixels, np.uint8).reshape(tex.height, tex.width, 4)[..., 3]
    ys, xs = np.nonzero(alpha > 40)
    if len(xs) == 0:
        return None
    # Label draws its texture centred on itself, at whole pixels.
    tx = int(label.center_x - tex.width / 2.0)
    ty = int(label.center_y - tex.height / 2.0)
    wx, wy = label.to_window(tx, ty)
    x0, x1, top, bottom = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    rect = (wx + x0, wy + (tex.height - bottom), float(x1 - x0), float(bottom - top))
    return rect, alpha[top:bottom, x0:x1]


def _contrast(rect: Rect, mask: np.ndarray, image: np.ndarray, clip: Rect) -> float | None:
    """Contrast between the letters' pixels and the pixels around them, as drawn."""
    h, w = image.shape[:2]
    x0, y0 = round(rect[0]), round(rect[1])
    mh, mw = mask.shape
    rows = slice(h - (y0 + mh), h - y0)  # image row 0 is the window's top
    cols = slice(x0, x0 + mw)
    cx0, cy0, cw, ch = clip
    if x0 < cx0 - TOL or y0 < cy0 - TOL or x0 + mw > cx0 + cw + TOL or y0 + mh > cy0 + ch + TOL:
        return None  # partly hidden (scrolled, or outside the window: reported elsewhere)
    if rows.start < 0 or cols.start < 0 or rows.stop > h or cols.stop > w:
        return None
    patch = image[rows, cols].reshape(-1, 3).astype(np.float64) / 255.0
    a = mask.reshape(-1)
    if patch.shape[0] != a.shape[0]:
        return None
    solid = a >= max(200, int(a.max()) - 30)
    empty = a == 0
    if solid.sum() < 3 or empty.sum() < 3:
        return None
    fg = np.median(patch[solid], axis=0)
    bg = np.median(patch[empty], axis=0)
    return theme.contrast((*fg, 1.0), (*bg, 1.0))


def check_window(mm: float, image: np.ndarray | None = None) -> list[Problem]:
    """Every problem on the Window as it is drawn now (``mm``: pixels per millimetre)."""
    from kivy.core.window import Window
    from kivy.uix.label import Label

    win = (0.0, 0.0, float(Window.width), float(Window.height))
    if image is None:
        image = window_pixels()
    items = list(_walk(Window))
    # Under an open popup the screen is dimmed on purpose: check the popup (and what is
    # above it), and leave the screen to its own shot.
    modal_layers = {i.layer for i in items if _is_modal(i.widget)}
    if modal_layers:
        top = max(modal_layers)
        items = [i for i in items if i.layer >= top]
    problems: list[Problem] = []
    colours = palette()
    touch_min = theme.TOUCH_MIN_MM * mm
    text_min = theme.TEXT_MIN_MM * mm

    def add(kind: str, item: _Item, detail: str) -> None:
        problems.append(Problem(kind, describe(item.widget), detail))

    touchables: list[_Item] = []
    blockers: list[_Item] = []
    inks: list[tuple[_Item, Rect]] = []
    for item in items:
        w = item.widget
        x, y, width, height = item.rect
        if width > 0 and height > 0 and item.clip is None:
            over = max(0 - x, 0 - y, x + width - win[2], y + height - win[3])
            if over > TOL:
                add("outside", item, f"{over:.0f} px outside the window {_fmt(item.rect)}")
        if _blocks_touch(w):
            blockers.append(item)
        if is_touchable(w):
            touchables.append(item)
            if min(width, height) < touch_min - 0.5:
                add(
                    "touch-size",
                    item,
                    f"{width:.0f}x{height:.0f} px = {width / mm:.1f}x{height / mm:.1f} mm, "
                    f"under {theme.TOUCH_MIN_MM:.0f} mm",
                )
        if not isinstance(w, Label) or not str(w.text).strip():
            continue
        _check_label(item, mm, text_min, colours, add)
        ink = _ink(w)
        if ink is None:
            continue
        rect, mask = ink
        seen = rect if item.clip is None else _intersect(rect, item.clip)
        if seen is not None:
            inks.append((item, seen))
        if not getattr(w, "disabled", False):
            ratio = _contrast(rect, mask, image, item.clip or win)
            if ratio is not None and ratio < theme.MIN_CONTRAST - 0.05:
                add("contrast", item, f"{ratio:.2f}:1 against what is behind it")
    for i, (a, ra) in enumerate(inks):
        for b, rb in inks[i + 1 :]:
            if a.layer != b.layer and (a.layer in modal_layers or b.layer in modal_layers):
                continue  # text under a popup's dimmed backdrop is not the popup's text
            if not _inside(a, b) and _intersect(ra, rb) is not None:
                problems.append(
                    Problem("text-overlap", describe(a.widget), f"over {describe(b.widget)}")
                )
    for i, a in enumerate(touchables):
        for b in touchables[i + 1 :]:
            if _inside(a, b) or (a.layer != b.layer and {a.layer, b.layer} & modal_layers):
                continue
            ta = a.rect if a.clip is None else _intersect(a.rect, a.clip)
            tb = b.rect if b.clip is None else _intersect(b.rect, b.clip)
            if ta is not None and tb is not None and _intersect(ta, tb) is not None:
                problems.append(
                    Problem("touch-overlap", describe(a.widget), f"over {describe(b.widget)}")
                )
    for block in blockers:
        if _is_modal(block.widget):
            continue  # a popup is meant to lie over the screen; it is checked on its own
        for t in touchables:
            if t.order < block.order and not _inside(t, block) and _intersect(t.rect, block.rect):
                problems.append(
                    Problem(
                        "touch-overlap",
                        describe(t.widget),
                        f"under {describe(block.widget)}, which takes the touches",
                    )
                )
        for item, rect in inks:  # text an overlay lies on is hidden from the players
            if (
                item.order < block.order
                and not _inside(item, block)
                and _intersect(rect, block.rect)
            ):
                problems.append(
                    Problem(
                        "text-overlap", describe(item.widget), f"under {describe(block.widget)}"
                    )
                )
    return _unique(problems)


def _is_modal(widget: Any) -> bool:
    from kivy.uix.modalview import ModalView

    return isinstance(widget, ModalView)


def _check_label(item: _Item, mm: float, text_min: float, colours: list[Any], add: Any) -> None:
    w = item.widget
    sizes = [float(w.font_size)] + [float(s) for s in MARKUP_SIZE.findall(str(w.text))]
    smallest = min(sizes)
    if smallest < text_min - 0.3:
        add(
            "text-size",
            item,
            f"{smallest:.1f} px = {smallest / mm:.1f} mm, under {theme.TEXT_MIN_MM} mm",
        )
    width, height = item.rect[2], item.rect[3]
    padding_x = float(w.padding[0] + w.padding[2]) if len(w.padding) == 4 else 0.0
    padding_y = float(w.padding[1] + w.padding[3]) if len(w.padding) == 4 else 0.0
    tw = w.text_size[0]
    need_w, need_h = _core_size(w, tw)
    box_w = (float(tw) if tw is not None else width) + (padding_x if tw is not None else 0)
    if need_w > width + TOL:
        add("text-fit", item, f"needs {need_w:.0f} px wide, has {width:.0f}")
    elif tw is not None and need_w > box_w + TOL:
        add("text-fit", item, f"needs {need_w:.0f} px wide, text_size {tw:.0f}")
    th = w.text_size[1]
    limit_h = min(height, float(th) + padding_y) if th is not None else height
    if need_h > limit_h + TOL:
        add("text-fit", item, f"needs {need_h:.0f} px tall, has {limit_h:.0f}")
    elif tw is not None and _longest_word_width(w) > float(tw) + TOL:
        add("text-fit", item, "a word is broken across lines: it is wider than the box")
    elif w.shorten and tw is not None and _core_size(w, None)[0] > float(tw) + padding_x + TOL:
        add("text-fit", item, "shortened with '...': the whole text does not fit")
    elif w.max_lines and need_h > float(w.texture_size[1]) + TOL:
        add("text-fit", item, f"cut after {w.max_lines} lines")
    colour = w.color
    if not getattr(w, "disabled", False) and not any(_same_colour(colour, c) for c in colours):
        add("colour", item, f"text colour {_hex(colour)} is not in the palette (ui.theme)")
    _check_faction_colour(item, add)


def _check_faction_colour(item: _Item, add: Any) -> None:
    """A widget that names one faction and shows a colour must show that faction's colour."""
    w = item.widget
    named = {m.lower() for m in FACTION_WORD.findall(str(getattr(w, "text", "")))}
    if len(named) != 1:
        return
    faction = named.pop()
    want = theme.FACTION[faction]
    for attr in ("tone", "color"):
        colour = getattr(w, attr, None)
        if colour is None or len(colour) < 3:
            continue
        if _chromatic(colour) and not _same_colour(colour, want):
            neutral = [theme.FOCUS, theme.WARN, theme.DANGER, theme.DONE, theme.PRIMARY]
            if any(_same_colour(colour, n) for n in neutral):
                continue
            add(
                "colour",
                item,
                f"{faction} shown in {_hex(colour)}, its colour is {_hex(want)} everywhere",
            )


def _chromatic(c: Any) -> bool:
    r, g, b = (float(c[i]) for i in range(3))
    return max(r, g, b) - min(r, g, b) > 0.25


def _hex(c: Any) -> str:
    return "#" + "".join(f"{round(float(v) * 255):02X}" for v in c[:3])


def _fmt(rect: Rect) -> str:
    return f"at ({rect[0]:.0f}, {rect[1]:.0f}) size {rect[2]:.0f}x{rect[3]:.0f}"


def _unique(problems: list[Problem]) -> list[Problem]:
    seen: set[Problem] = set()
    out = []
    for p in problems:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out
