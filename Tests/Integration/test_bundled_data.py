"""Data/ holds exactly the files Data/PROVENANCE.md lists, with the sha256 it records, and each licence it names."""
import gzip
import hashlib
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "Data"


def provenance_rows():
    """(file, sha256 of the file, sha256 once inflated or None, licence file) from the PROVENANCE.md table."""
    rows = []
    for line in (DATA / "PROVENANCE.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[0].startswith("`"):
            continue
        name = re.match(r"`([^`]+)`", cells[0]).group(1)
        hashes = re.findall(r"`([0-9a-f]{64})`", cells[2])
        licence = re.search(r"`(LICENSES/[^`]+)`", cells[3]).group(1)
        rows.append((name, hashes[0], hashes[1] if len(hashes) > 1 else None, licence))
    return rows


def test_every_bundled_file_matches_its_recorded_sha256():
    rows = provenance_rows()
    assert len(rows) == 12  # 3 copied files and the 9 generated base map files
    for name, digest, inflated_digest, licence in rows:
        raw = (DATA / name).read_bytes()
        assert hashlib.sha256(raw).hexdigest() == digest, name
        if inflated_digest:
            assert hashlib.sha256(gzip.decompress(raw)).hexdigest() == inflated_digest, name
        assert (DATA / licence).is_file(), licence


def test_nothing_unlisted_is_bundled():
    listed = {name for name, *_ in provenance_rows()} | {"PROVENANCE.md"}
    listed |= {licence for *_, licence in provenance_rows()}
    present = {str(path.relative_to(DATA)) for path in DATA.rglob("*") if path.is_file()}
    assert present == listed
