"""app → engine → geometry, never upwards; no Qt below app/; generic engine code imports no
ruleset package (import-linter contracts)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(cwd: Path) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(cwd), "PATH": str(LINT.parent)}
    return subprocess.run([str(LINT)], cwd=cwd, capture_output=True, text=True, env=env)


def test_import_contracts_hold():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 5 kept, 0 broken" in result.stdout


def test_contracts_catch_a_violation(tmp_path):
    """The contracts are not vacuous: a geometry module importing Qt and engine is reported."""
    for pkg in ("app", "engine", "geometry"):
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    probe = tmp_path / "geometry" / "probe.py"
    probe.write_text("import PySide6  # noqa\nimport engine  # noqa\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "2 broken" in result.stdout, result.stdout


def test_a_generic_engine_module_importing_a_ruleset_package_is_reported(tmp_path):
    """The ruleset contract is not vacuous: a generic engine module that imports a ruleset
    package (whichever the registry finds first) breaks it; the registry itself does not."""
    for pkg in ("app", "engine", "geometry"):
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    package = sorted(p.parent.name for p in (ROOT / "engine" / "rulesets").glob("*/__init__.py"))[0]
    (tmp_path / "engine" / "probe.py").write_text(f"import engine.rulesets.{package}  # noqa\n")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "Generic engine code imports no ruleset package BROKEN" in result.stdout, \
        result.stdout
    assert "1 broken" in result.stdout, result.stdout
