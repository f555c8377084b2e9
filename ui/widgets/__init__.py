"""Shared widgets: big touch buttons, tiles, number pad, checklist, progress bar, frames, chart.

Importing this package registers the widget classes with Kivy's Factory so
every screen's .kv can use them; their look lives in ``ui/theme.kv``.
"""

from ui.widgets.chart import Chart
from ui.widgets.checklist import Checklist, CheckRow
from ui.widgets.common import (
    Badge,
    BigButton,
    BigProgress,
    Body,
    Caption,
    Heading,
    Panel,
    PrimaryButton,
    Tile,
    Value,
)
from ui.widgets.frame_view import FrameView
from ui.widgets.marks import FactionMark, GameEmblem
from ui.widgets.numpad import NumberPad
from ui.widgets.pond_map_view import PondMapView

__all__ = [
    "Badge",
    "BigButton",
    "BigProgress",
    "Body",
    "Caption",
    "Chart",
    "CheckRow",
    "Checklist",
    "FactionMark",
    "FrameView",
    "GameEmblem",
    "Heading",
    "NumberPad",
    "Panel",
    "PondMapView",
    "PrimaryButton",
    "Tile",
    "Value",
]
