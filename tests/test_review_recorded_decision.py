"""sizing review --db: the waiver decision the Director recorded in the register for the FSE is applied."""

from __future__ import annotations

import getpass
import json

import yaml

from sizing.cli import main
from tests.conftest import EXAMPLES


def test_the_review_applies_the_recorded_decision(tmp_path, capsys):
    db = tmp_path / "register.db"
    waiver = yaml.safe_load((EXAMPLES / "waiver-coffee-bar.yaml").read_text())
    waiver["project"]["fse_id"] = "FSE-0900"
    waiver["waiver"].update(status="granted", granted_on="2025-04-01", decided_by="director@city.example")
    (tmp_path / "granted.yaml").write_text(yaml.safe_dump(waiver))
    assert main(["register", "add", str(tmp_path / "granted.yaml"), "--db", str(db)]) == 0
    capsys.readouterr()
    review = {"project": {"name": "Corner Coffee", "fse_id": "FSE-0900"}, "construction": "new",
              "review_date": "2026-05-01", "fixtures": [{"type": "hand_sink", "count": 2}]}
    (tmp_path / "review.yaml").write_text(yaml.safe_dump(review))

    main(["review", str(tmp_path / "review.yaml"), "--format", "json"])
    alone = {f["rule"]: f["status"] for f in json.loads(capsys.readouterr().out)["findings"]}
    assert alone["interceptor_required"] == "fail"  # no waiver in the file: an interceptor is required

    main(["review", str(tmp_path / "review.yaml"), "--format", "json", "--db", str(db)])
    out = capsys.readouterr()
    applied = {f["rule"]: f["status"] for f in json.loads(out.out)["findings"]}
    assert applied["interceptor_required"] == "info"
    assert out.err.strip() == ("sizing review: applying the waiver decision recorded for FSE-0900: granted on "
                               f"2025-04-01 by {getpass.getuser()}")
