from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.config import SCHEMA, load_config, parse_config, to_toml
from companion.errors import ConfigError


def write(tmp_path: Path, text: str, name: str = "config.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_config_defaults_without_any_file() -> None:
    config = load_config()
    assert config.path is None
    assert config.camera.source == "auto"
    assert config.camera.resolution == (4608, 2592)
    assert config.decoder.primary == "zxing"
    assert config.gpio.next_pin == 17
    assert config.gpio.led_pins == (5, 6, 13)
    assert config.display.size == (800, 480)
    assert set(config.origins.values()) == {"default"}


def test_config_explicit_file_overrides_and_records_origin(tmp_path: Path) -> None:
    path = write(tmp_path, '[camera]\nsource = "opencv:1"\n[gpio]\nhold_s = 2\n')
    config = load_config(path)
    assert config.camera.source == "opencv:1"
    assert config.gpio.hold_s == 2.0
    assert config.origins["camera.source"] == str(path)
    assert config.origins["camera.resolution"] == "default"


def test_config_lookup_order_env_then_user_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = Path(os.environ["XDG_CONFIG_HOME"]) / "pond-companion" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text('[decoder]\nprimary = "zbar"\n')
    assert load_config().decoder.primary == "zbar"
    env_file = write(tmp_path, "[camera]\nvote_frames = 9\n", "env.toml")
    monkeypatch.setenv("POND_COMPANION_CONFIG", str(env_file))
    config = load_config()
    assert config.camera.vote_frames == 9
    assert config.decoder.primary == "zxing"  # the env file wins whole, the user file is not merged
    explicit = write(tmp_path, "[camera]\nvote_frames = 3\n", "explicit.toml")
    assert load_config(explicit).camera.vote_frames == 3


def test_config_system_file_used_before_user_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = write(tmp_path, "[display]\nfullscreen = true\n", "system.toml")
    monkeypatch.setattr("companion.config.SYSTEM_PATH", system)
    assert load_config().display.fullscreen is True


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("[camera]\nzoom = 2\n", ["camera.zoom", "allowed in [camera]"]),
        ("[lights]\non = true\n", ["[lights]", "allowed"]),
        ('[camera]\nsource = "webcam"\n', ["camera.source", "'webcam'", "opencv:<index>"]),
        ("[camera]\nvote_frames = 0\n", ["camera.vote_frames", "1 to 60"]),
        ('[gpio]\nnext_pin = "17"\n', ["gpio.next_pin", "whole number"]),
        ("[gpio]\nled_pins = [5, 6]\n", ["gpio.led_pins", "list of 3"]),
        ("[gpio]\npull_up = 1\n", ["gpio.pull_up", "true or false"]),
        ('[decoder]\nprimary = "opencv"\n', ["decoder.primary", "'zxing', 'zbar'"]),
        ("[camera\n", ["not valid TOML"]),
    ],
)
def test_config_bad_file_names_file_key_and_allowed(
    tmp_path: Path, text: str, names: list[str]
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    message = str(err.value)
    assert message.startswith(str(path))
    assert "\n" not in message
    for name in names:
        assert name in message


def test_config_missing_explicit_or_env_file_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ConfigError, match="--config"):
        load_config(tmp_path / "nope.toml")
    monkeypatch.setenv("POND_COMPANION_CONFIG", str(tmp_path / "gone.toml"))
    with pytest.raises(ConfigError, match="POND_COMPANION_CONFIG"):
        load_config()


def test_config_to_toml_round_trips_every_value(tmp_path: Path) -> None:
    config = load_config(
        write(tmp_path, '[camera]\nsource = "files:/tmp/x y"\n[gpio]\nhold_s = 0.5\n')
    )
    again = parse_config(__import__("tomllib").loads(to_toml(config.values())), "round-trip")
    assert again.values() == config.values()
    assert set(config.values()) == set(SCHEMA)


def test_config_display_diagonal_defaults_to_seven_inches_and_is_checked(tmp_path: Path) -> None:
    assert parse_config({}, "default").display.diagonal_in == 7.0
    assert parse_config({"display": {"diagonal_in": 10.1}}, "x").display.diagonal_in == 10.1
    with pytest.raises(ConfigError, match=r"display\.diagonal_in"):
        parse_config({"display": {"diagonal_in": "seven"}}, "x")


def test_config_camera_exposure_value_defaults_to_zero_and_is_checked() -> None:
    assert parse_config({}, "default").camera.exposure_value == 0.0
    assert parse_config({"camera": {"exposure_value": -1}}, "x").camera.exposure_value == -1.0
    for bad in (2.5, "dark", True):
        with pytest.raises(ConfigError, match=r"camera\.exposure_value .*-2\.0 to 2\.0"):
            parse_config({"camera": {"exposure_value": bad}}, "x")
