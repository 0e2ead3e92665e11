"""``sizing jurisdictions list | check``: every profile with its ordinance, a city's own folder included; files
checked with exit 0 when all pass, 2 when one does not, one line each."""

from __future__ import annotations

from sizing.cli.main import main
from sizing.jurisdiction.profile import FOLDER_ENV
from tests.test_new_city import EXAMPLEVILLE


def test_list_names_each_profile_with_its_ordinance_and_a_city_s_own_folder(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "cities"
    folder.mkdir()
    (folder / "exampleville.yaml").write_text(EXAMPLEVILLE, encoding="utf-8")
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    assert main(["jurisdictions", "list"]) == 0
    lines = {line.split(":", 1)[0]: line for line in capsys.readouterr().out.splitlines()}
    # the profile lists 5 review rules, no waivers and the maintenance parameters (20 %, 6 months, ...); its 18
    # values are all `derived` (the profile's own level) but the two marked `policy: local`
    assert lines["exampleville"] == (
        "exampleville: City of Exampleville — Ordinance 42 (EMC chapter 9.10) (5 review rules; maintenance; "
        "0 of 18 values confirmed or secondary; 16 derived, 2 local policy) "
        f"[{folder / 'exampleville.yaml'}]")
    assert lines["tracy"].startswith("tracy: City of Tracy, California — Ord. No. 1276, adopted 2019-11-19 "
                                     "(Tracy Municipal Code chapter 5.26) (")
    assert "; waivers, maintenance; " in lines["tracy"]


def test_check_passes_a_good_file_and_refuses_a_bad_one_with_exit_2(tmp_path, monkeypatch, capsys):
    good, bad = tmp_path / "exampleville.yaml", tmp_path / "badville.yaml"
    good.write_text(EXAMPLEVILLE, encoding="utf-8")
    bad.write_text(EXAMPLEVILLE.replace("review_rules: [", "review_rulez: ["), encoding="utf-8")
    assert main(["jurisdictions", "check", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: OK — City of Exampleville, 5 review rules\n"
    assert main(["jurisdictions", "check", str(good), str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == f"{good}: OK — City of Exampleville, 5 review rules\n"
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("sizing jurisdictions: ") and "badville.yaml" in err[0]
    assert "review_rulez" in err[0] and "Traceback" not in captured.err
