"""Pond counting on the realistic scene generator (tests/vision/pond/pond_scene3d.py).

Prints, per condition, the exact (pond, faction) counts, the boards refused, the wrong ponds
and how many of them no warning names (a warning names pond X when it says "pond X" as a
word: "pond N" does not name pond NE), and the right ponds a warning names (false alarms),
with how many of those only by a place note ("on land beside pond X", "across the edge of
pond X": the notes the issue asks for, not doubts); with the empty-board reference and,
unless ``--no-plain``, without it (pieces taken as flat). The summary sums every condition
with the reference: wrong ponds no warning names, as a share of the wrong ponds and of all
ponds, and the false-alarm rate; then the lilypads: in how many ponds the lilypad's holder
(free, or the faction of the frog standing on it) and any Long Fwooog lying on it are read
right, and the wrong ones no warning names. Under each condition, every wrong pond no warning
names is listed by seed and pond, with its answer and its count, and so is every lilypad read
wrong that no warning names.
The load average is printed at the start and the end (accuracy does not depend on it; time
does).

    .venv/bin/python benchmarks/bench_pond_camera3d.py [--scenes N] [--size 2304x1296]
        [--seed S] [--only tilt0,tilt30,...] [--no-plain] [--pieces-mm FL,FW,WL,HF,HW]
        [--list-wrong]

(``--pieces-mm``: pieces of other sizes than the box's, drawn and counted alike.
``--list-wrong``: every wrong pond, by seed, with its answer and count: two codes' lists
compared line by line give the ponds a change made right and made wrong.)

Conditions (every scene: 40 pieces of the four factions plus lilypads, frog 11 mm and Long
Fwooog 10 mm tall, lilypad 1.5 mm; camera at the distance where the board fits, 84-106 cm (more
when tilted); Camera Module 3 field of view; Bayer sensor noise; JPEG 90; light 0-30% darker
across the table; the empty-board photo from a camera 0-10 degrees off vertical, calibration
light): see CONDITIONS below; EXTRA (two lamps; a barrel lens, a folded board, a soft photo)
runs only when ``--only`` names it, and so do someone leaning over the table (a soft
shadow 50% deep across part of the board), two lights of different colour from either side
and a camera shaken during the exposure (a straight smear 4 or 7 mm long on the board),
dim light (the sensor at 2, 4 or 8 times the gain, so as many times the noise; the empty-board
photo in the usual light), an evening (dim and warmer, with and without glare, the glare the
lamp's or another light's), pieces that are not prisms (each frog and Long Fwooog a frustum
whose top is 0.7 or 0.5 of its base's size; the counter is told the top, the pieces
file's ``top_ratio``, unless ``--top-unknown``), and the owner's
own shadow (50% deep) on the empty-board photo only, three things that are not pieces
lying in ponds (``pond_scene3d.STRAY_KINDS``: a white die, a black die and a gold token,
their sizes and colours guessed), the 9-pond map (``layout-9.json``), a colder light,
stronger glare (0.95), crowded ponds (60 pieces), other frames (1920x1080, the 4:3
1640x1232, the HQ camera's 4056x3040: each its own ``size``, whatever ``--size`` says) and a
shorter exposure (0.7 or 0.5 of the light, about -0.5 and -1 EV, the empty-board photo too:
the camera's auto exposure set darker) or a longer one (1.3 or 1.6 of the light, about +0.4
and +0.7 EV, the empty-board photo too: set brighter, the markers' paper and the brightest
pieces cut at white; 2.0, +1 EV, at 20 deg too), or the exposure of one photo only (the
frame's or the empty-board photo's, ``empty_exposure``: the auto exposure set differently
for the two), the lamp's glare (0.85 or 0.95) on the corner marker nearest where it would
have fallen, and a card's white back lying over one corner marker (the counter places the
board by the other three), and a camera's tone curve (``TONES``: the light worked in linear
light, the picture made by the Pi camera's default curve or by the power law the Pi camera
source sets, the pieces' colours calibrated through it by ``calibrate colours``; among them
a glare that adds to the light, ``glare_additive``, the art under it dimmed only 4%), and a
hand over the map with the lamp's glare centred under it (``glare_on_hand``; the hand hides
the glare where it lies over it); through the power law too, glares of their own colour (a
window's, a warm lamp's, a fluorescent tube's), the lens shading the camera's pipeline
leaves (``vignette`` 0.25 or 0.5 darker at the corners, ``colour_shading`` red 0.1 or 0.15
more or less there; the calibration photo through it too), a flickering lamp's bands across
the rows (``banding`` 0.1 or 0.2; the calibration photo without), and the empty-board photo
taken otherwise (``empty_size``: at 4608x2592; ``empty_tone``: through another tone curve;
``calib_tone``: the colours' photo too), and a veil of stray light over the game's photo
(``haze``: 0.05 or 0.1 of white's light added evenly, a smudged lens; ``haze_across``: from 0
on one side of the frame to twice ``haze`` on the other, a lamp's flare); and the Pi
camera's colour matrix (``TONES``' "ccm": the power law after the Camera Module 3's 2964 K
matrix, ``camera_model.PI_CCM``), with its white balance judging the light otherwise for
the game's photos than for the owner's (``ccmshift...``: the game's colours given back
through its 3610 K or 4640 K matrix, or a third of the way; or the other way round), or
holding the owner's photos' white balance while the lamp changed (``ccmheld...``: the lamp's
colour a gain per channel in the sensor's colours, ``camera_model.sensor_light``).
Scenes are seeded: ``--seed S`` takes S to S + N - 1. The counter was tuned on seeds 100-129
and 300-329 (and the focus bar on 300-319 with the blur 3-5 times); the figures in
docs/pond-camera.md and the README come from seeds not looked at before they were taken
(33200-33229 and 33300-33329 for the 9-pond map, the colder light, glare 0.95, crowded ponds
and the other frames, on the code of bdeb6c5, and 33400-33429 and 33500-33529 for the
shorter exposure on it (with seven default conditions on 33400); 33600-33629 for a first
exposure fix tried against it and dropped (branch g-exposure-try), and 33800-33829 and
33900-33929 for the fix as landed (``vision/pond/exposure.py``) against it, under the
shorter exposure (the default boards' gain checked to be 1), and 34000-34029 for colours
kept past white at every exposure, against it (no count changed; 34100 begun, not finished);
34200-34229 and 34300-34329 for colours cut at white judged in a brighter photo
(``vision/pond/clipped.py``) against fb87f42, on the ten default conditions, glare20,
eveningglare and the five brighter ones; 34400-34429 and 34500-34529 for a frame darker
than the empty-board photo brightened to it, against 804c036, with evframedark,
evframebright, evemptydark, evemptybright and eleven others, and 34600-34629 for the seven
default conditions not in that list (the same on both); 34700-34729 and 34800-34829 for
evup2_30 and evup3_20 on the code as landed; 34900-34929 for the exposure steering's first
version (``bench_pond_exposure_loop.py``), and 35000-35029 for it as landed and for a
marker not read (glaremarker20, glaremarker30, glaremarker95, card20, card30, hands, with
tilt20, tilt30 and glare20 as their paired baselines); 35100-35129 for glare frames taken
darker (glare20, glare20down, glare20down2, eveningglare, eveningglaredown,
eveningglaredown2: no gain, not built); 35200-35229 and 35300-35329 for tapered pieces
(taper0, taper20, taper30, taperstacks, taper50) on the code of 80d0421, and 35400-35429
for the ten default conditions, ebb812b against 1bc5063 (the same output), and 35500-35529
for the board's colours taken from the brightened reference (ev20, ev1_20, evglare,
eveveningglare); 35600-35629 for bench_pond_exposure_loop.py at 30 degrees; 35700-35729
for fold30, cardfold30, lens30 and cardlens30; 35800-35829 and 35900-35929 for a camera's
tone curve (every tonepow and tonepi condition, with plain, tilt0, tilt20, tilt30, wb, glare,
edge, stacks and hands as their paired baselines) on the code of 84c7dfa; 36000-36029 and
36100-36129 for eight more tonepow conditions on f5ca529 (36000's glare on a marker then
looked at to set ``three_markers``' bars), 36200-36229 for ten conditions on f5ca529 and on
the marker refit (its first version from 1 mm cost 36207 one count: then looked at), and
36300-36329 and 36400-36429 for tonepowglaremarker and glaremarker20 on both; 36500-36929
for the washed pieces under glare looked for in linear light (``vision.pond.glare_out``) and
its variants; 37000-37029 (then looked at) and 37100-37129 for it under a light's cast
(tonepoweveningglare, tonepoweveningglare2, with eveningglare, eveningglare2 and seven glare
conditions as baselines); 37200-37229 for a variant dropped (grey or foreign read through
the glare) against the landed code, with glarehands and tonepowglarehands; 37300-37629 for
colours under glare read by their hue (``vision.pond.glare_hue``; 37600 the ten default
conditions), 37700-37729 for tonepoweveningglarehands and tonepoweveningglare2hands,
37800-37829 for the hue reading over the glare's whole whitening, and 37900-37929 for the
ten default conditions with it; 38000-38329 for the hue read in linear light (dropped) and
another light's glare told by the board under it (``vision.pond.glare_colour``); 38400-38529
for that light's white measured in the frame's darkest channel and its pieces read in its
colour, 38600-38629 for tonepowcoldglare2 and its hands, 38700-38729 for the ten default
conditions, 38800-38829 for tonepoweveningglare2add and tonepoweveningglare2_95,
38900-38929 for tonepowglareday and its hands, 39000-39029 for its own colour
(``vision.pond.glare_tint``) with hands and eight conditions without a cast, 39100-39129 for
its bound at 0.05 (then looked at), 39200-39229 for its colour fitted in linear light with
tonepiglareday, tonepowglarewarmlamp and their hands, 39300-39329 for the colour taken in
linear light where the levels take none, with eight glare conditions and five of hands,
39400-39429 for the whitening inside a piece with twelve conditions, 39500-39529 for the
ten default conditions with it; 39600-39629 for the empty-board photo's contrast matched
(``vision.pond.tones``: tonepowemptypi20/30/glare/hands and tonepiemptypow20 on it and on the
code before it, with the ten default conditions and five through the power law as the
identity check) and for the new conditions of a real camera (lens shading, a flickering
lamp, a fluorescent tube's glare, the empty-board photo at full size), and for a veil of stray
light taken out (haze20, haze20strong, hazeacross20, haze10hands, with the tone-curve
conditions again); 39700-39729 for the Pi camera's colour matrix (toneccm..., beside
tonepow...) and then, looked at, for its white balance moved (ccmshift...) and the mixing
taken out (``vision.pond.mixing``); 39800-39829 for that, on it and on the code before it,
with the ten default conditions and eight of the tone curve and the veil as the identity
check; 39900-39929 for the camera's sharpening (toneisp..., beside toneccm...);
40000-40029 for the white balance held and a lamp changed since (ccmheld..., with toneccm20,
toneccmwarm and ccmshift... beside), before and after the mixing check's gate
(``tones.channels_apart``) and the mixing read pooled; 40050-40052 for the contrasts' spread
over 24 conditions; 40100-40129 for the gate's identity check (24 conditions, the gate
firing on none of 720 frames); 40200-40229 for the mixing read pooled, on it and on the
code before it, with the ten default conditions and nine of the matrix, the tone curves and
the veil as the identity check; 40300-40329 for the held white balance and the matrix moved
again, the code as it is; 40400-40429 for the two photos compared in the more saturated
one's colours (``mixing.into_frame``: ccmshift... and ccmheld..., on it and on the code
before it) and for the notched Long Fwooog doubt (ccmshift36_20, ccmshift46_20, tilt20,
tilt30); 40500-40529 for the other way round at 30 degrees, under glare and with a hand
(ccmshiftback30, ccmshiftbackglare, ccmshiftbackhands), on both codes; 40600-40629 for the
doubts of three frogs end to end with no neck and of a lone Long Fwooog with no room for
one (tilt20, stacks, ccmheldwarmglare, ccmheldwarm30), on both codes; 40700-40729 for the
ten default conditions on the code before those changes and after them, and for
ccmshiftback20, ccmshiftback30, ccmshiftbackglare and ccmheldwarm20 on the code after;
40800-40829 for a stacked frog's side only in its own colour (``blobs.OWN_SIDE``: the ten
default conditions, ccmshiftback..., ccmshift36..., ccmshift46_20, ccmheld... and
toneccmstacks, on it and on the code before it; then looked at under stacks); 40900-40929
for the ten default conditions on it and for a doubt tried and dropped (a frog counted at a
Long Fwooog's place); 41000-41029 for the stack conditions outside the default sweep
(dim4stacks, evstacks, evupstacks, lamps2stacks, leaningstacks, taperstacks, tonepistacks,
toneispstacks) on both codes, then looked at (the lone frogs' reach); 41100-41129 for a
reach seen shorter than the frog not judged (``reach.SHORT_LEANS``: evupstacks, stacks,
tilt20, tilt30) on both codes; 41200-41229 for the ten default conditions on the code before
those changes and after them, and then for the side rule asked only where the colours are
mixed (stacks); 41300-41329 for the other way round with stacks (ccmshiftbackstacks, new),
on both codes; the next fresh seeds start at 41400;
31800-33129 for tapered pieces told their top, and four models of them tried, with
--top-unknown on 31800 and 31900 as the paired baseline;
31100-31429 for dim light, the evening and tapered pieces, with tilt0, tilt20, tilt30,
stacks and glare20 as their paired baselines, and 31500-31729 for the evening's glare;
30100-31029 for stop 44's counting; 28600-28629 to 29900-29929 at 2304x1296 for the code
before it, with the whitening that is only more light and a stack leaning along its shadow,
with refshadow20, refshadow30, leaning and mixed; 28400-28529 for the whitening alone;
27200-27929 for the code before them, with leaning, leaningstacks, mixed, shake4 and shake7,
and 28000-28329 with leaning; 26000-26029 to 27100-27129 for the first version of the broad
shadow's division, with leaning, leaningstacks and mixed, and d124810 on 26000-26129 under
those three; 24400-24429 to 25900-25929 for the code before it, with blur2 and blur3;
23600-24329 for the barrel lens and the folded board, beside the same seeds unbent;
20000-20029 to 22300-22329 for the code before the markers' second look and the focus
refusal, and 22400-23529 under two lamps; 16400-16429 to 18700-18729 for the code before the
foot colour's warning, which only adds a warning, and 18800-19929 under two lamps; 8600-8629
to 14700-14729 for e2b604f's counting before the outline fit, and 14000-15129 under two
lamps; 15200-16329 for a bar tried and dropped, see docs/pond-camera.md; 6200-6229 to
8500-8529 for the code of their day, listed in docs/pond-camera.md; 5600-5629 to 6100-6129
for 0132624's counting; 5300-5329 to 5500-5529 for the code before the short-base flag,
which only adds a warning; 5000-5029 to 5200-5229 for the code before that stop's two
checks; 4400-4429 to 4900-4929 for the same counts and warnings, 4400-4729 with 67da340,
before the "mostly hidden" lilypad warning; 4000-4029 to 4300-4329 for the code of ac10ce9,
whose counts and stack checks are the same; 3200-3229 to 3900-3929 for the code before the
"could not be checked" warning, which only adds warnings; 2700-2729 to 3100-3129 for the
same code on the generator before shadows fell on the lilypads; 2600-2629, 2500-2529,
2400-2429, 2300-2329, 2200-2229, 2100-2129, 2000-2029, 1900-1929, 1800-1829, 1700-1729,
1500-1529, 1400-1429, 1200-1229, 1100-1129, 900-929 and 700-729, fresh for earlier code,
then looked at; at 4608x2592 1636-1647 for earlier code, as are 1624-1635, 1600-1623,
1300-1311 and 1000-1011).
``make camera-sweep-pond`` runs 20 scenes a condition.

Warnings come from the counter's doubts, among them the check by synthesis
(``vision/pond/explain.py``, ``unexplained.py``): a patch of a faction's colour, or of
anything changed from the empty board, that the counted pieces seen as prisms do not explain.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "vision" / "pond"), str(ROOT / "tests" / "vision")]

import cv2  # noqa: E402
import pond_scene3d as s3  # noqa: E402

from companion.games.pond.layout import default_layout  # noqa: E402
from vision.pond import count_board, read_pieces_file  # noqa: E402
from vision.pond.calibrate import board_raster, calibrate_colours  # noqa: E402
from vision.pond.reference import EmptyBoard  # noqa: E402

CONDITIONS: dict[str, dict[str, Any]] = {
    "plain art, 0 deg": {"tilt": 0.0, "busy": False},
    "busy art, 0 deg": {"tilt": 0.0},
    "busy art, 10 deg": {"tilt": 10.0},
    "busy art, 20 deg": {"tilt": 20.0},
    "busy art, 30 deg": {"tilt": 30.0},
    "white balance +0.15 (warmer), 15 deg": {"tilt": 15.0, "warm": 0.15},
    "glare 0.85, 15 deg": {"tilt": 15.0, "glare": 0.85},
    "8 edge-straddling frogs, 15 deg": {"tilt": 15.0, "edge": 8},
    "3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3},
    "hand over the map, 15 deg": {"tilt": 15.0, "hand": True},
}
#: Run only when named in ``--only`` (not in the summary of the default sweep): a second lamp
#: on the other side of the table (``pond_scene3d.second_lamp``) casts a second, fainter
#: shadow of every piece.
EXTRA: dict[str, dict[str, Any]] = {
    "hand over the map under glare 0.85, 15 deg": {
        "tilt": 15.0,
        "hand": True,
        "glare": 0.85,
        "glare_on_hand": True,
    },
    "two lamps, 20 deg": {"tilt": 20.0, "lamps": 2},
    "two lamps, 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "lamps": 2},
    "barrel lens k1 -0.05, 20 deg": {"tilt": 20.0, "lens_k1": -0.05},
    "barrel lens k1 -0.05, 30 deg": {"tilt": 30.0, "lens_k1": -0.05},
    "barrel lens k1 -0.05, 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "lens_k1": -0.05},
    "folded board 3+2 mm, 20 deg": {"tilt": 20.0, "fold_mm": (3.0, 2.0)},
    "folded board 3+2 mm, 30 deg": {"tilt": 30.0, "fold_mm": (3.0, 2.0)},
    "lens blur x2 (soft focus), 20 deg": {"tilt": 20.0, "defocus": 2.0},
    "lens blur x3 (out of focus), 20 deg": {"tilt": 20.0, "defocus": 3.0},
    "someone leaning over, shadow 0.5, 20 deg": {"tilt": 20.0, "leaning": 0.5},
    "someone leaning over, 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "leaning": 0.5},
    "two lights' colours (+-0.1), 20 deg": {"tilt": 20.0, "mixed": 0.1},
    "camera shaken 4 mm, 20 deg": {"tilt": 20.0, "shake_mm": 4.0},
    "camera shaken 7 mm, 20 deg": {"tilt": 20.0, "shake_mm": 7.0},
    "dim light, gain x2 (noise x2), 20 deg": {"tilt": 20.0, "gain": 2.0},
    "dim light, gain x4 (noise x4), 20 deg": {"tilt": 20.0, "gain": 4.0},
    "dim light, gain x4, 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "gain": 4.0},
    "very dim light, gain x8 (noise x8), 20 deg": {"tilt": 20.0, "gain": 8.0},
    "glare 0.85, 20 deg": {"tilt": 20.0, "glare": 0.85},
    "evening: warmer +0.15, gain x4, 20 deg": {"tilt": 20.0, "warm": 0.15, "gain": 4.0},
    "evening and glare 0.85, 20 deg": {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.85},
    "evening, glare 0.85 of another light, 20 deg": {
        "tilt": 20.0,
        "warm": 0.15,
        "gain": 4.0,
        "glare": 0.85,
        "glare_other_light": True,
    },
    "tapered pieces (top 0.7 of base), 0 deg": {"tilt": 0.0, "taper": 0.7},
    "tapered pieces (top 0.7 of base), 20 deg": {"tilt": 20.0, "taper": 0.7},
    "tapered pieces (top 0.7 of base), 30 deg": {"tilt": 30.0, "taper": 0.7},
    "tapered pieces (top 0.7), 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "taper": 0.7},
    "tapered pieces (top 0.5 of base), 20 deg": {"tilt": 20.0, "taper": 0.5},
    "owner's shadow on the empty-board photo, 20 deg": {"tilt": 20.0, "empty_leaning": 0.5},
    "owner's shadow on the empty-board photo, 30 deg": {"tilt": 30.0, "empty_leaning": 0.5},
    "3 strays (dice, a token) in ponds, 0 deg": {"tilt": 0.0, "strays": 3},
    "3 strays (dice, a token) in ponds, 20 deg": {"tilt": 20.0, "strays": 3},
    "9-pond map, 0 deg": {"tilt": 0.0, "layout": 9},
    "9-pond map, 20 deg": {"tilt": 20.0, "layout": 9},
    "9-pond map, 30 deg": {"tilt": 30.0, "layout": 9},
    "9-pond map, 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "layout": 9},
    "colder light -0.15, 15 deg": {"tilt": 15.0, "warm": -0.15},
    "glare 0.95, 15 deg": {"tilt": 15.0, "glare": 0.95},
    "60 pieces (crowded ponds), 20 deg": {"tilt": 20.0, "n_pieces": 60},
    "1920x1080 frame, 20 deg": {"tilt": 20.0, "size": (1920, 1080)},
    "1640x1232 frame (4:3), 20 deg": {"tilt": 20.0, "size": (1640, 1232)},
    "4056x3040 frame (HQ camera), 20 deg": {"tilt": 20.0, "size": (4056, 3040)},
    "exposure -0.5 EV, 20 deg": {"tilt": 20.0, "exposure": 0.7},
    "exposure -0.5 EV, 30 deg": {"tilt": 30.0, "exposure": 0.7},
    "exposure -1 EV, 20 deg": {"tilt": 20.0, "exposure": 0.5},
    "exposure -0.5 EV, 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "exposure": 0.7},
    "exposure -0.5 EV, glare 0.85, 20 deg": {"tilt": 20.0, "glare": 0.85, "exposure": 0.7},
    "exposure -0.5 EV, glare 0.85, 15 deg": {"tilt": 15.0, "glare": 0.85, "exposure": 0.7},
    "exposure -0.5 EV, evening and glare 0.85, 20 deg": {
        "tilt": 20.0,
        "warm": 0.15,
        "gain": 4.0,
        "glare": 0.85,
        "exposure": 0.7,
    },
    "exposure +0.4 EV (brighter), 20 deg": {"tilt": 20.0, "exposure": 1.3},
    "exposure +0.4 EV (brighter), 30 deg": {"tilt": 30.0, "exposure": 1.3},
    "exposure +0.7 EV (brighter), 20 deg": {"tilt": 20.0, "exposure": 1.6},
    "exposure +0.7 EV (brighter), 30 deg": {"tilt": 30.0, "exposure": 1.6},
    "exposure +1 EV (brighter), 20 deg": {"tilt": 20.0, "exposure": 2.0},
    "exposure +0.4 EV (brighter), 3 stacks, 25 deg": {"tilt": 25.0, "stacks": 3, "exposure": 1.3},
    "exposure +0.4 EV (brighter), glare 0.85, 15 deg": {
        "tilt": 15.0,
        "glare": 0.85,
        "exposure": 1.3,
    },
    "exposure -0.5 EV in the frame only, 20 deg": {
        "tilt": 20.0,
        "exposure": 0.7,
        "empty_exposure": 1.0,
    },
    "glare 0.85 on a corner marker, 20 deg": {"tilt": 20.0, "glare": 0.85, "glare_on_marker": True},
    "glare 0.85 on a corner marker, 30 deg": {"tilt": 30.0, "glare": 0.85, "glare_on_marker": True},
    "glare 0.95 on a corner marker, 20 deg": {"tilt": 20.0, "glare": 0.95, "glare_on_marker": True},
    "a card on marker 2, 20 deg": {"tilt": 20.0, "card_on_marker": 2},
    "a card on marker 0, 30 deg": {"tilt": 30.0, "card_on_marker": 0},
    "a card on marker 0, folded board 3+2 mm, 30 deg": {
        "tilt": 30.0,
        "card_on_marker": 0,
        "fold_mm": (3.0, 2.0),
    },
    "a card on marker 0, barrel lens k1 -0.05, 30 deg": {
        "tilt": 30.0,
        "card_on_marker": 0,
        "lens_k1": -0.05,
    },
    "glare 0.85, 20 deg, the frame at -0.5 EV": {
        "tilt": 20.0,
        "glare": 0.85,
        "exposure": 0.7,
        "empty_exposure": 1.0,
    },
    "glare 0.85, 20 deg, the frame at -1 EV": {
        "tilt": 20.0,
        "glare": 0.85,
        "exposure": 0.5,
        "empty_exposure": 1.0,
    },
    "evening and glare 0.85, 20 deg, the frame at -0.5 EV": {
        "tilt": 20.0,
        "warm": 0.15,
        "gain": 4.0,
        "glare": 0.85,
        "exposure": 0.7,
        "empty_exposure": 1.0,
    },
    "evening and glare 0.85, 20 deg, the frame at -1 EV": {
        "tilt": 20.0,
        "warm": 0.15,
        "gain": 4.0,
        "glare": 0.85,
        "exposure": 0.5,
        "empty_exposure": 1.0,
    },
    "exposure +0.4 EV in the frame only, 20 deg": {
        "tilt": 20.0,
        "exposure": 1.3,
        "empty_exposure": 1.0,
    },
    "exposure +0.4 EV in the empty-board photo only, 20 deg": {
        "tilt": 20.0,
        "empty_exposure": 1.3,
    },
    "exposure -0.5 EV in the empty-board photo only, 20 deg": {
        "tilt": 20.0,
        "empty_exposure": 0.7,
    },
    "fold 3+2, lens -0.05, 3 stacks, 25 deg": {
        "tilt": 25.0,
        "stacks": 3,
        "fold_mm": (3.0, 2.0),
        "lens_k1": -0.05,
    },
}
SHORT = {
    "plain": "plain art, 0 deg",
    "tilt0": "busy art, 0 deg",
    "tilt10": "busy art, 10 deg",
    "tilt20": "busy art, 20 deg",
    "tilt30": "busy art, 30 deg",
    "wb": "white balance +0.15 (warmer), 15 deg",
    "glare": "glare 0.85, 15 deg",
    "edge": "8 edge-straddling frogs, 15 deg",
    "stacks": "3 stacks, 25 deg",
    "hands": "hand over the map, 15 deg",
    "lamps2": "two lamps, 20 deg",
    "lamps2stacks": "two lamps, 3 stacks, 25 deg",
    "lens20": "barrel lens k1 -0.05, 20 deg",
    "lens30": "barrel lens k1 -0.05, 30 deg",
    "lensstacks": "barrel lens k1 -0.05, 3 stacks, 25 deg",
    "fold20": "folded board 3+2 mm, 20 deg",
    "fold30": "folded board 3+2 mm, 30 deg",
    "foldlensstacks": "fold 3+2, lens -0.05, 3 stacks, 25 deg",
    "blur2": "lens blur x2 (soft focus), 20 deg",
    "blur3": "lens blur x3 (out of focus), 20 deg",
    "leaning": "someone leaning over, shadow 0.5, 20 deg",
    "leaningstacks": "someone leaning over, 3 stacks, 25 deg",
    "mixed": "two lights' colours (+-0.1), 20 deg",
    "shake4": "camera shaken 4 mm, 20 deg",
    "shake7": "camera shaken 7 mm, 20 deg",
    "dim2": "dim light, gain x2 (noise x2), 20 deg",
    "dim4": "dim light, gain x4 (noise x4), 20 deg",
    "dim4stacks": "dim light, gain x4, 3 stacks, 25 deg",
    "dim8": "very dim light, gain x8 (noise x8), 20 deg",
    "glare20": "glare 0.85, 20 deg",
    "evening": "evening: warmer +0.15, gain x4, 20 deg",
    "eveningglare": "evening and glare 0.85, 20 deg",
    "eveningglare2": "evening, glare 0.85 of another light, 20 deg",
    "taper0": "tapered pieces (top 0.7 of base), 0 deg",
    "taper20": "tapered pieces (top 0.7 of base), 20 deg",
    "taper30": "tapered pieces (top 0.7 of base), 30 deg",
    "taperstacks": "tapered pieces (top 0.7), 3 stacks, 25 deg",
    "taper50": "tapered pieces (top 0.5 of base), 20 deg",
    "refshadow20": "owner's shadow on the empty-board photo, 20 deg",
    "refshadow30": "owner's shadow on the empty-board photo, 30 deg",
    "strays0": "3 strays (dice, a token) in ponds, 0 deg",
    "strays20": "3 strays (dice, a token) in ponds, 20 deg",
    "map9_0": "9-pond map, 0 deg",
    "map9_20": "9-pond map, 20 deg",
    "map9_30": "9-pond map, 30 deg",
    "map9stacks": "9-pond map, 3 stacks, 25 deg",
    "cold": "colder light -0.15, 15 deg",
    "glare95": "glare 0.95, 15 deg",
    "crowded": "60 pieces (crowded ponds), 20 deg",
    "hd1080": "1920x1080 frame, 20 deg",
    "frame43": "1640x1232 frame (4:3), 20 deg",
    "hq": "4056x3040 frame (HQ camera), 20 deg",
    "ev20": "exposure -0.5 EV, 20 deg",
    "ev30": "exposure -0.5 EV, 30 deg",
    "ev1_20": "exposure -1 EV, 20 deg",
    "evstacks": "exposure -0.5 EV, 3 stacks, 25 deg",
    "evglare20": "exposure -0.5 EV, glare 0.85, 20 deg",
    "evglare": "exposure -0.5 EV, glare 0.85, 15 deg",
    "eveveningglare": "exposure -0.5 EV, evening and glare 0.85, 20 deg",
    "evup20": "exposure +0.4 EV (brighter), 20 deg",
    "evup30": "exposure +0.4 EV (brighter), 30 deg",
    "evup2_20": "exposure +0.7 EV (brighter), 20 deg",
    "evup2_30": "exposure +0.7 EV (brighter), 30 deg",
    "evup3_20": "exposure +1 EV (brighter), 20 deg",
    "evupstacks": "exposure +0.4 EV (brighter), 3 stacks, 25 deg",
    "evupglare": "exposure +0.4 EV (brighter), glare 0.85, 15 deg",
    "evframedark": "exposure -0.5 EV in the frame only, 20 deg",
    "evframebright": "exposure +0.4 EV in the frame only, 20 deg",
    "evemptybright": "exposure +0.4 EV in the empty-board photo only, 20 deg",
    "evemptydark": "exposure -0.5 EV in the empty-board photo only, 20 deg",
    "glaremarker20": "glare 0.85 on a corner marker, 20 deg",
    "glarehands": "hand over the map under glare 0.85, 15 deg",
    "glaremarker30": "glare 0.85 on a corner marker, 30 deg",
    "glaremarker95": "glare 0.95 on a corner marker, 20 deg",
    "card20": "a card on marker 2, 20 deg",
    "card30": "a card on marker 0, 30 deg",
    "cardfold30": "a card on marker 0, folded board 3+2 mm, 30 deg",
    "cardlens30": "a card on marker 0, barrel lens k1 -0.05, 30 deg",
    "glare20down": "glare 0.85, 20 deg, the frame at -0.5 EV",
    "glare20down2": "glare 0.85, 20 deg, the frame at -1 EV",
    "eveningglaredown": "evening and glare 0.85, 20 deg, the frame at -0.5 EV",
    "eveningglaredown2": "evening and glare 0.85, 20 deg, the frame at -1 EV",
}


#: A camera's tone curve (``pond_scene3d.photograph``'s ``tone``): the light worked in linear
#: light and the picture made by the Pi camera's default curve ("pi", short names tonepi...),
#: or by the power law the Pi camera source sets ("power", tonepow...), or by that power law
#: after the Pi camera's colour matrix ("ccm", toneccm...: ``camera_model.PI_CCM``), and with
#: its sharpening too ("isp", toneisp...: ``camera_model.sharpened``); the pieces' colours
#: calibrated through it (``calibrated``). Run only when named in ``--only``.
TONES = {
    "pi": "Pi camera's default tone curve",
    "power": "power-law tone curve",
    "ccm": "power-law tone curve after the Pi camera's colour matrix (2964 K)",
    "isp": "the Pi camera's colour matrix (2964 K), the power law and its sharpening",
}
#: Glares of their own colour (BGR, linear light) over a board with no cast: a window's
#: daylight, a warm lamp's.
_DAYLIGHT = (255.0, 236.0, 208.0)
_WARM_LAMP = (208.0, 236.0, 255.0)
_FLUORESCENT = (226.0, 255.0, 226.0)


def _glare_of(tint: tuple[float, float, float], hand: bool = False) -> dict[str, Any]:
    """Glare 0.85 of ``tint`` at 20 degrees, no cast; ``hand``: a hand over the map under it."""
    kw: dict[str, Any] = {"tilt": 20.0, "glare": 0.85, "glare_tint": tint}
    if hand:
        kw.update(hand=True, glare_on_hand=True)
    return kw


TONED = {
    "0 deg": ("0", {"tilt": 0.0}),
    "20 deg": ("20", {"tilt": 20.0}),
    "30 deg": ("30", {"tilt": 30.0}),
    "warmer +0.15, 15 deg": ("warm", {"tilt": 15.0, "warm": 0.15}),
    "glare 0.85, 15 deg": ("glare", {"tilt": 15.0, "glare": 0.85}),
    "8 edge-straddling frogs, 15 deg": ("edge", {"tilt": 15.0, "edge": 8}),
    "3 stacks, 25 deg": ("stacks", {"tilt": 25.0, "stacks": 3}),
    "hand over the map, 15 deg": ("hands", {"tilt": 15.0, "hand": True}),
    "hand over the map under glare 0.85, 15 deg": (
        "glarehands",
        {"tilt": 15.0, "hand": True, "glare": 0.85, "glare_on_hand": True},
    ),
    "plain art, 0 deg": ("plain", {"tilt": 0.0, "busy": False}),
    "exposure +0.7 EV (1.6x the light), 20 deg": ("evup2", {"tilt": 20.0, "exposure": 1.6}),
    "exposure +1 EV (2x the light), 20 deg": ("evup3", {"tilt": 20.0, "exposure": 2.0}),
    "exposure -1 EV (half the light), 20 deg": ("evdown", {"tilt": 20.0, "exposure": 0.5}),
    "dim light, gain x4, 20 deg": ("dim4", {"tilt": 20.0, "gain": 4.0}),
    "evening and glare 0.85, 20 deg": (
        "eveningglare",
        {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.85},
    ),
    "evening, glare 0.85 of another light, 20 deg": (
        "eveningglare2",
        {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.85, "glare_other_light": True},
    ),
    "evening, a glare that adds, 0.85, of another light, 20 deg": (
        "eveningglare2add",
        {
            "tilt": 20.0,
            "warm": 0.15,
            "gain": 4.0,
            "glare": 0.85,
            "glare_other_light": True,
            "glare_additive": True,
        },
    ),
    "evening, glare 0.95 of another light, 20 deg": (
        "eveningglare2_95",
        {"tilt": 20.0, "warm": 0.15, "gain": 4.0, "glare": 0.95, "glare_other_light": True},
    ),
    "glare 0.85 of a window's daylight (bluish), no cast, 20 deg": (
        "glareday",
        _glare_of(_DAYLIGHT),
    ),
    "hand over the map under a window's glare 0.85, 20 deg": (
        "glaredayhands",
        _glare_of(_DAYLIGHT, hand=True),
    ),
    "glare 0.85 of a warm lamp's (reddish), no cast, 20 deg": (
        "glarewarmlamp",
        _glare_of(_WARM_LAMP),
    ),
    "hand over the map under a warm lamp's glare 0.85, 20 deg": (
        "glarewarmlamphands",
        _glare_of(_WARM_LAMP, hand=True),
    ),
    "glare 0.85 of a fluorescent tube's (greenish), no cast, 20 deg": (
        "glarefluor",
        _glare_of(_FLUORESCENT),
    ),
    "hand over the map under a fluorescent tube's glare 0.85, 20 deg": (
        "glarefluorhands",
        _glare_of(_FLUORESCENT, hand=True),
    ),
    "a colder light -0.15, glare 0.85 of another (warmer) light, 20 deg": (
        "coldglare2",
        {"tilt": 20.0, "warm": -0.15, "glare": 0.85, "glare_other_light": True},
    ),
    "hand over the map under a colder light, glare 0.85 of another (warmer) light, 20 deg": (
        "coldglare2hands",
        {
            "tilt": 20.0,
            "warm": -0.15,
            "glare": 0.85,
            "glare_other_light": True,
            "hand": True,
            "glare_on_hand": True,
        },
    ),
    "hand over the map under the evening's glare 0.85, 20 deg": (
        "eveningglarehands",
        {
            "tilt": 20.0,
            "warm": 0.15,
            "gain": 4.0,
            "glare": 0.85,
            "hand": True,
            "glare_on_hand": True,
        },
    ),
    "hand over the map under the evening's glare 0.85 of another light, 20 deg": (
        "eveningglare2hands",
        {
            "tilt": 20.0,
            "warm": 0.15,
            "gain": 4.0,
            "glare": 0.85,
            "glare_other_light": True,
            "hand": True,
            "glare_on_hand": True,
        },
    ),
    "someone leaning over, shadow 0.5, 20 deg": ("leaning", {"tilt": 20.0, "leaning": 0.5}),
    "two lamps, 20 deg": ("lamps2", {"tilt": 20.0, "lamps": 2}),
    "glare 0.85 on a corner marker, 20 deg": (
        "glaremarker",
        {"tilt": 20.0, "glare": 0.85, "glare_on_marker": True},
    ),
    "additive glare 0.5, 15 deg": (
        "glareadd50",
        {"tilt": 15.0, "glare": 0.5, "glare_additive": True},
    ),
    "additive glare 0.85, 15 deg": (
        "glareadd85",
        {"tilt": 15.0, "glare": 0.85, "glare_additive": True},
    ),
    "lens shading 0.25 at the corners, 20 deg": ("vignette20", {"tilt": 20.0, "vignette": 0.25}),
    "lens shading 0.25 at the corners, 30 deg": ("vignette30", {"tilt": 30.0, "vignette": 0.25}),
    "lens shading 0.25, the corners' red 0.1 more (blue less), 20 deg": (
        "vignettered20",
        {"tilt": 20.0, "vignette": 0.25, "colour_shading": 0.1},
    ),
    "lens shading 0.25, the corners' blue 0.1 more (red less), 20 deg": (
        "vignetteblue20",
        {"tilt": 20.0, "vignette": 0.25, "colour_shading": -0.1},
    ),
    "lens shading 0.25, the corners' red 0.1 more, glare 0.85, 20 deg": (
        "vignettered20glare",
        {"tilt": 20.0, "vignette": 0.25, "colour_shading": 0.1, "glare": 0.85},
    ),
    "lens shading uncorrected, 0.5 at the corners, their red 0.15 more, 20 deg": (
        "vignettestrong20",
        {"tilt": 20.0, "vignette": 0.5, "colour_shading": 0.15},
    ),
    "a flickering lamp's bands, 0.1 each way, 20 deg": (
        "flicker20",
        {"tilt": 20.0, "banding": 0.1},
    ),
    "a flickering lamp's bands, 0.2 each way, 20 deg": (
        "flicker20strong",
        {"tilt": 20.0, "banding": 0.2},
    ),
    "a flickering lamp's bands 0.2, glare 0.85, 20 deg": (
        "flicker20glare",
        {"tilt": 20.0, "banding": 0.2, "glare": 0.85},
    ),
    "the empty-board photo at 4608x2592, 20 deg": (
        "emptyfull20",
        {"tilt": 20.0, "empty_size": (4608, 2592)},
    ),
    "the empty-board photo through the Pi's default curve, 20 deg": (
        "emptypi20",
        {"tilt": 20.0, "empty_tone": "pi"},
    ),
    "the empty-board photo through the Pi's default curve, 30 deg": (
        "emptypi30",
        {"tilt": 30.0, "empty_tone": "pi"},
    ),
    "the empty-board photo through the Pi's default curve, glare 0.85, 15 deg": (
        "emptypiglare",
        {"tilt": 15.0, "glare": 0.85, "empty_tone": "pi"},
    ),
    "hand over the map, the empty-board photo through the Pi's default curve, 15 deg": (
        "emptypihands",
        {"tilt": 15.0, "hand": True, "empty_tone": "pi"},
    ),
    "the empty-board photo through the power law, 20 deg": (
        "emptypow20",
        {"tilt": 20.0, "empty_tone": "power"},
    ),
    "the empty-board photo and the colours' photo through the power law, 20 deg": (
        "emptycalpow20",
        {"tilt": 20.0, "empty_tone": "power", "calib_tone": "power"},
    ),
    "veiling glare 0.05 over the game's photo (a smudged lens), 20 deg": (
        "haze20",
        {"tilt": 20.0, "haze": 0.05},
    ),
    "veiling glare 0.1 over the game's photo, 20 deg": (
        "haze20strong",
        {"tilt": 20.0, "haze": 0.1},
    ),
    "veiling glare 0.05 on average, 0 to 0.1 across the frame (a lamp's flare), 20 deg": (
        "hazeacross20",
        {"tilt": 20.0, "haze": 0.05, "haze_across": 1.0},
    ),
    "hand over the map, veiling glare 0.1, 15 deg": (
        "haze10hands",
        {"tilt": 15.0, "haze": 0.1, "hand": True},
    ),
    "hand over the map, lens shading 0.25, the corners' red 0.1 more, 20 deg": (
        "vignettered20hands",
        {"tilt": 20.0, "vignette": 0.25, "colour_shading": 0.1, "hand": True},
    ),
}
for _tone, _label in TONES.items():
    for _what, (_short, _kw) in TONED.items():
        EXTRA[f"{_label}, {_what}"] = {**_kw, "tone": _tone}
        SHORT[f"tone{_tone[:3]}{_short}"] = f"{_label}, {_what}"

#: The Pi camera's white balance moved between the owner's photos and the game's: its auto
#: white balance judged the light at another temperature, so the colours came back through
#: its matrix there (``camera_model.PI_CCMS``), not a gain per channel. The empty-board
#: photo and the colours' through the 2964 K matrix and the game's through the 3610 K or
#: 4640 K one, or the other way round.
_KELVIN = {"ccm": 2964, "ccm32": 3180, "ccm36": 3610, "ccm46": 4640}
for _short, _game, _owners, _tail, _kw in (
    ("ccmshift36_20", "ccm36", "ccm", "20 deg", {"tilt": 20.0}),
    ("ccmshift36_30", "ccm36", "ccm", "30 deg", {"tilt": 30.0}),
    ("ccmshift46_20", "ccm46", "ccm", "20 deg", {"tilt": 20.0}),
    ("ccmshift32_20", "ccm32", "ccm", "20 deg", {"tilt": 20.0}),
    ("ccmshift36glare", "ccm36", "ccm", "glare 0.85, 15 deg", {"tilt": 15.0, "glare": 0.85}),
    ("ccmshift36hands", "ccm36", "ccm", "hand over the map, 15 deg", {"tilt": 15.0, "hand": True}),
    ("ccmshiftback20", "ccm", "ccm36", "20 deg", {"tilt": 20.0}),
    ("ccmshiftback30", "ccm", "ccm36", "30 deg", {"tilt": 30.0}),
    ("ccmshiftbackglare", "ccm", "ccm36", "glare 0.85, 15 deg", {"tilt": 15.0, "glare": 0.85}),
    ("ccmshiftbackstacks", "ccm", "ccm36", "3 stacks, 25 deg", {"tilt": 25.0, "stacks": 3}),
    (
        "ccmshiftbackhands",
        "ccm",
        "ccm36",
        "hand over the map, 15 deg",
        {"tilt": 15.0, "hand": True},
    ),
):
    _label = (
        f"the Pi camera's colour matrix at {_KELVIN[_game]} K for the game's photos, "
        f"{_KELVIN[_owners]} K for the owner's, {_tail}"
    )
    EXTRA[_label] = {**_kw, "tone": _game, "empty_tone": _owners, "calib_tone": _owners}
    SHORT[_short] = _label

#: The Pi camera holding the owner's photo's white balance (``vision.white_balance``): the
#: same matrix for both photos, and a lamp changed since a gain per channel in the sensor's
#: colours, which the matrix gives back mixed (``camera_model.sensor_light``); the
#: ``toneccmwarm`` row has that change in the scene's colours instead.
for _short, _tail, _kw in (
    ("ccmheldwarm20", "a warmer lamp +0.15, 20 deg", {"tilt": 20.0, "warm": 0.15}),
    ("ccmheldwarm30", "a warmer lamp +0.15, 30 deg", {"tilt": 30.0, "warm": 0.15}),
    ("ccmheldcold20", "a colder lamp -0.15, 20 deg", {"tilt": 20.0, "warm": -0.15}),
    (
        "ccmheldwarmglare",
        "a warmer lamp +0.15, glare 0.85, 15 deg",
        {"tilt": 15.0, "warm": 0.15, "glare": 0.85},
    ),
    (
        "ccmheldwarmhands",
        "hand over the map, a warmer lamp +0.15, 15 deg",
        {"tilt": 15.0, "warm": 0.15, "hand": True},
    ),
):
    _label = f"the Pi camera's white balance held from the owner's photos, {_tail}"
    EXTRA[_label] = {**_kw, "tone": "ccm", "warm_in_sensor": True}
    SHORT[_short] = _label


def pieces_with_heights() -> Any:
    return dataclasses.replace(
        read_pieces_file(), frog_height_mm=11.0, fwooog_height_mm=10.0, lilypad_height_mm=1.5
    )


def calibrated(
    layout: Any,
    pieces: Any,
    size: tuple[int, int],
    tone: str,
    shading: tuple[float, float] = (0.0, 0.0),
) -> Any:
    """``pieces`` with the colours the owner's ``calibrate colours`` measures on a photo
    through the camera's tone curve (``pond_scene3d.calibration_photo``), and its lens shading
    (``shading``): the shipped colours are the pieces' own, sRGB-coded, which that camera does
    not reproduce. Prints them."""
    photo, points = s3.calibration_photo(layout, pieces, size=size, tone=tone, shading=shading)
    told, notes, wrong = calibrate_colours(photo, layout, points, pieces, "calibration photo")
    shown = ", ".join(f"{f} {list(rgb)}" for f, rgb in told.factions.items())
    print(f"  calibrated through the {tone} tone curve: {shown}, lilypad {list(told.lilypad_rgb)}")
    for line in notes + wrong:
        print(f"  calibration: {line}")
    return told


def names(pid: str, warning: str) -> bool:
    """Does this warning name pond ``pid`` (as a word: "pond N" does not name pond NE)?"""
    return re.search(rf"\bpond {re.escape(pid)}\b", warning) is not None


#: Warnings that only say where a piece stands (the issue asks for them), not a doubt.
PLACE_NOTES = ("mostly on land beside pond", "across the edge of pond")


def wrong_ponds(
    answer: dict[str, Any],
    count: Any,
    unnamed: list[str] | None = None,
    wrong: list[str] | None = None,
) -> list[int]:
    """[exact (pond, faction) pairs, pairs, wrong ponds, wrong ponds no warning names,
    right ponds, right ponds a warning names, right ponds named only by a place note].
    Each wrong pond no warning names is added to ``unnamed``, with its answer and count;
    each wrong pond to ``wrong``, so."""
    from vision.pond.pieces import FACTIONS

    out = [0] * 7
    for pid, want in answer.items():
        have = count.ponds.get(pid, {"frogs": {}, "fwooogs": []})
        ok = True
        for f in FACTIONS:
            out[1] += 1
            same = want["frogs"].get(f, 0) == have["frogs"].get(f, 0) and want["fwooogs"].count(
                f
            ) == have["fwooogs"].count(f)
            out[0] += same
            ok &= same
        mine = [w for w in count.warnings if names(pid, w)]
        named = pid in count.flagged or bool(mine)
        if not ok:
            out[2] += 1
            out[3] += not named
            said = f"pond {pid}: answer {_tally(want)}, counted {_tally(have)}"
            if not named and unnamed is not None:
                unnamed.append(said)
            if wrong is not None:
                wrong.append(said + ("" if named else " (named by no warning)"))
        else:
            out[4] += 1
            out[5] += named
            out[6] += named and all(any(n in w for n in PLACE_NOTES) for w in mine)
    return out


def _tally(pond: dict[str, Any]) -> str:
    """A pond's frogs and Long Fwooogs by faction: "[frogs cowboy 2; Long Fwooogs banana]"."""
    frogs = ", ".join(f"{f} {n}" for f, n in sorted(pond["frogs"].items()) if n)
    fwooogs = ", ".join(sorted(pond["fwooogs"])) or "none"
    return f"[frogs {frogs or 'none'}; Long Fwooogs {fwooogs}]"


def lilypads(answer: dict[str, Any], count: Any, unnamed: list[str] | None = None) -> list[int]:
    """[ponds with a lilypad in the answer, those whose lilypad is read right (its holder:
    free, or the faction of the frog standing on it; and the faction of a Long Fwooog lying
    on it, if any), ponds whose lilypad is read wrong (the wrong holder or Long Fwooog, a
    lilypad missed, or one seen where there is none), those no warning names]. Each wrong
    one no warning names is added to ``unnamed``, with its answer and what was read."""
    out = [0] * 4
    for pid, want in answer.items():
        entry = count.ponds.get(pid, {})
        have = (entry.get("lilypad"), entry.get("lilypad_fwooog"))
        out[0] += want["lilypad"] is not None
        if have == (want["lilypad"], want.get("lilypad_fwooog")):
            out[1] += want["lilypad"] is not None
            continue
        out[2] += 1
        named = pid in count.flagged or any(names(pid, w) for w in count.warnings)
        out[3] += not named
        if not named and unnamed is not None:
            answered = _lilypad(want["lilypad"], want.get("lilypad_fwooog"))
            unnamed.append(f"pond {pid}: lilypad answer {answered}, read {_lilypad(*have)}")
    return out


def _lilypad(holder: str | None, fwooog: str | None) -> str:
    """A lilypad as read or answered: "none", "free", "banana", "free, cowboy Long Fwooog"."""
    text = "none" if holder is None else holder
    return f"{text}, {fwooog} Long Fwooog on it" if fwooog else text


def _five_mm(text: str) -> tuple[float, ...]:
    """``--pieces-mm``: five sizes in mm, each over 0 and under 100."""
    try:
        values = tuple(float(v) for v in text.split(","))
    except ValueError:
        values = ()
    if len(values) != 5 or not all(0 < v < 100 for v in values):
        raise argparse.ArgumentTypeError(
            f"expected five sizes in mm (FL,FW,WL,HF,HW), got {text!r}"
        )
    return values


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=4, help="scenes per condition (default 4)")
    ap.add_argument("--size", default="2304x1296", help="camera frame size (default 2304x1296)")
    ap.add_argument("--only", default="", help="comma-separated short names: " + ",".join(SHORT))
    ap.add_argument("--seed", type=int, default=100, help="first scene seed")
    ap.add_argument("--save", metavar="DIR", help="write each scene's photo there")
    ap.add_argument("--no-plain", action="store_true", help="skip the counter without reference")
    ap.add_argument(
        "--top-unknown",
        action="store_true",
        help="tapered pieces: the counter's pieces file gives no top_ratio (it sees prisms)",
    )
    ap.add_argument(
        "--list-wrong",
        action="store_true",
        help="list every wrong pond (with the reference), to compare two codes pond by pond",
    )
    ap.add_argument(
        "--pieces-mm",
        type=_five_mm,
        metavar="FL,FW,WL,HF,HW",
        help="other pieces, drawn and counted alike: a frog FL x FW mm and HF mm tall, a Long "
        "Fwooog WL x FW mm and HW mm tall (default 16,14,38,11,10)",
    )
    args = ap.parse_args()
    cv2.setNumThreads(1)
    size = tuple(int(v) for v in args.size.split("x"))
    layouts = {n: default_layout(n) for n in (9, 13)}
    pieces = pieces_with_heights()
    flat = read_pieces_file()
    if args.pieces_mm:
        fl, fw, wl, hf, hw = args.pieces_mm
        flat = dataclasses.replace(flat, frog_mm=(fl, fw), fwooog_mm=(wl, fw))
        pieces = dataclasses.replace(
            pieces, frog_mm=(fl, fw), fwooog_mm=(wl, fw), frog_height_mm=hf, fwooog_height_mm=hw
        )
    conditions = [SHORT[n] for n in args.only.split(",")] if args.only else list(CONDITIONS)
    toned: dict[tuple[Any, ...], tuple[Any, Any]] = {}
    modes = ("ref",) if args.no_plain else ("ref", "none")
    print(
        f"Pond camera sweep: {args.scenes} scenes per condition at {size[0]}x{size[1]}, "
        f"seeds {args.seed}-{args.seed + args.scenes - 1}; load average "
        + " ".join(f"{v:.1f}" for v in os.getloadavg())
    )
    print(
        f"{'condition':40s} | {'reference':>9s} | {'exact counts':>18s} | refused | wrong ponds "
        "(no warning) | right ponds warned (place notes only)"
    )
    t0 = time.time()
    grand = [0] * 8
    pads = [0] * 4
    for name in conditions:
        kw = dict({**CONDITIONS, **EXTRA}[name])
        empty_leaning = kw.pop("empty_leaning", 0.0)
        empty_exposure = kw.pop("empty_exposure", kw.get("exposure", 1.0))
        empty_size = kw.pop("empty_size", None)
        empty_tone = kw.pop("empty_tone", kw.get("tone", ""))
        calib_tone = kw.pop("calib_tone", kw.get("tone", ""))
        layout = layouts[kw.pop("layout", 13)]
        frame = kw.pop("size", size)
        base, flat_base = pieces, flat
        if kw.get("tone"):
            shading = (kw.get("vignette", 0.0), kw.get("colour_shading", 0.0))
            key = (id(layout), frame, calib_tone, shading)
            if key not in toned:
                told_tone = calibrated(layout, pieces, frame, calib_tone, shading)
                flat_tone = dataclasses.replace(
                    flat, factions=told_tone.factions, lilypad_rgb=told_tone.lilypad_rgb
                )
                toned[key] = (told_tone, flat_tone)
            base, flat_base = toned[key]
        totals = {mode: [0] * 8 for mode in modes}
        unnamed: list[str] = []
        listed: list[str] = []
        pads_unnamed: list[str] = []
        for k in range(args.scenes):
            seed = args.seed + k
            scene = s3.make_scene3d(layout, pieces, seed, size=frame, **kw)
            if args.save:
                cv2.imwrite(
                    f"{args.save}/{name.split(',')[0].replace(' ', '_')}-{seed}.jpg", scene.image
                )
            empty_photo = s3.empty_board(
                layout,
                pieces,
                seed,
                size=empty_size or frame,
                busy=kw.get("busy", True),
                lens_k1=kw.get("lens_k1", 0.0),
                fold_mm=kw.get("fold_mm", (0.0, 0.0)),
                leaning=empty_leaning,
                exposure=empty_exposure,
                tone=empty_tone,
                vignette=kw.get("vignette", 0.0),
                colour_shading=kw.get("colour_shading", 0.0),
                banding=kw.get("banding", 0.0),
            )
            raster, _, _ = board_raster(empty_photo, layout, pieces, "empty board")
            empty = EmptyBoard(raster, "empty board")
            # The owner who measured the pieces' heights measured their tops too.
            told = base
            if "taper" in kw and not args.top_unknown:
                told = dataclasses.replace(base, top_ratio=kw["taper"])
            for mode in modes:
                ref, pcs = (empty, told) if mode == "ref" else (None, flat_base)
                count = count_board(scene.image, layout, pcs, ref)
                t = totals[mode]
                if not count.ok:
                    t[7] += 1
                    continue
                missed: list[str] = []
                wrong: list[str] = []
                for i, v in enumerate(wrong_ponds(scene.answer, count, missed, wrong)):
                    t[i] += v
                if mode == "ref":
                    unnamed += [f"seed {seed}, {m}" for m in missed]
                    listed += [f"seed {seed}, {m}" for m in wrong] if args.list_wrong else []
                    missed_pads: list[str] = []
                    tally = lilypads(scene.answer, count, missed_pads)
                    pads = [a + b for a, b in zip(pads, tally, strict=True)]
                    pads_unnamed += [f"seed {seed}, {m}" for m in missed_pads]
        for mode in modes:
            e, p, w, s, r, rw, rn, refused = totals[mode]
            pct = f"{e}/{p} = {100 * e / p:.1f}%" if p else "-"
            label = "yes" if mode == "ref" else "no"
            print(
                f"{name:40s} | {label:>9s} | {pct:>18s} | {refused:>3d}/{args.scenes:<3d} | "
                f"{w:4d} ({s}) | {rw}/{r} ({rn})"
            )
        for line in unnamed:
            print(f"  named by no warning (with the reference): {line}")
        for line in listed:
            print(f"  wrong (with the reference): {line}")
        for line in pads_unnamed:
            print(f"  lilypad named by no warning (with the reference): {line}")
        grand = [g + v for g, v in zip(grand, totals["ref"], strict=True)]
        sys.stdout.flush()
    e, p, w, s, r, rw, rn, refused = grand
    if p:
        print(
            f"with the reference, every condition: {w} wrong ponds of {w + r}, {s} with no "
            f"warning naming them ({100 * s / max(w, 1):.1f}% of wrong ponds, "
            f"{100 * s / (w + r):.2f}% of all ponds); right ponds a warning names: {rw}/{r} "
            f"({100 * rw / r:.1f}%), {rw - rn} of them by a doubt ({100 * (rw - rn) / r:.1f}%), "
            f"{rn} only by where a piece stands"
        )
        print(
            f"lilypads, with the reference (boards not refused): {pads[1]}/{pads[0]} ponds with "
            f"a lilypad read right (free, or the faction of the frog on it, and any Long Fwooog "
            f"on it); {pads[2]} ponds wrong, {pads[3]} with no warning naming them"
        )
    print(
        f"total {time.time() - t0:.0f} s; load average "
        + " ".join(f"{v:.1f}" for v in os.getloadavg())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
