from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(autouse=True)
def _profiles_loaded_from_files_are_forgotten():
    """A profile a test loads from a file (``--jurisdiction city.yaml``) is known by its id for the rest of that
    process; each test starts without the files earlier tests loaded."""
    from sizing.jurisdiction.profile import _FROM_FILES

    yield
    _FROM_FILES.clear()
