"""The deploy files agree with the program and each other (issue 26, item 12): the systemd
unit is valid (``systemd-analyze verify``, where installed), makes its user and its folders,
and does not restart a setting error (``bot.cli.exits.CONFIG``); the Kubernetes pod runs the
image's user, with a read-only root file system and the bot's one writable folder."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bot.cli import exits

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "systemd" / "wordle-bot@.service"
KUBERNETES = ROOT / "deploy" / "kubernetes" / "wordle-bot.yaml"
DOCKERFILE = ROOT / "Dockerfile"


def service_settings() -> dict[str, list[str]]:
    """The ``[Service]`` section's settings, each with its values in order."""
    found: dict[str, list[str]] = {}
    section = None
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[Service]" and line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_the_unit_does_not_restart_a_setting_error() -> None:
    service = service_settings()
    assert service["Restart"] == ["on-failure"]
    [statuses] = service["RestartPreventExitStatus"]
    assert {str(exits.CONFIG), str(exits.USAGE)} <= set(statuses.split())
    assert str(exits.UNAVAILABLE) not in statuses.split()  # an outage is tried again


def test_the_units_user_and_folders_are_made_by_systemd() -> None:
    service = service_settings()
    assert service["DynamicUser"] == ["true"] and service["User"] == ["wordle-bot"]
    [state] = service["StateDirectory"]
    [cache] = service["CacheDirectory"]
    environment = dict(v.partition("=")[::2] for v in service["Environment"])
    assert environment["WORDLE_DB"].startswith(f"/var/lib/{state}/")
    assert environment["WORDLE_BOT_CACHE_DIR"] == f"/var/cache/{cache}"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed")
def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    # verify wants ExecStart's program to exist: the same unit, run from a stand-in.
    program = tmp_path / "wordle-bot"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    text = UNIT.read_text()
    assert "\nExecStart=/opt/wordle-bot/.venv/bin/wordle-bot\n" in text
    unit = tmp_path / "wordle-bot@.service"
    unit.write_text(text.replace("ExecStart=/opt/wordle-bot/.venv/bin/wordle-bot",
                                 f"ExecStart={program}"))
    (tmp_path / "wordle-bot@0-3.service").symlink_to(unit.name)
    done = subprocess.run(["systemd-analyze", "verify", "./wordle-bot@0-3.service"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_the_pod_runs_the_images_user_on_a_read_only_root() -> None:
    pod = KUBERNETES.read_text()
    docker = DOCKERFILE.read_text()
    [user] = re.findall(r"^USER (\d+):(\d+)$", docker, re.MULTILINE)
    assert f"runAsUser: {user[0]} " in pod and f"runAsGroup: {user[1]}\n" in pod
    assert "--no-create-home" in docker and f"--uid {user[0]} " in docker
    for setting in ("runAsNonRoot: true", "readOnlyRootFilesystem: true",
                    "allowPrivilegeEscalation: false", "capabilities: {drop: [ALL]}"):
        assert setting in pod, setting
    # The program the pod starts is the one the image installs, and its one writable folder
    # is the cache the image points the bot at.
    assert 'ENTRYPOINT ["/app/.venv/bin/wordle-bot"]' in docker
    assert "exec /app/.venv/bin/wordle-bot\n" in pod
    assert "WORDLE_BOT_CACHE_DIR=/cache" in docker
    assert "- {name: cache, mountPath: /cache}" in pod
    assert "value: /cache" in pod
