"""Times in split files (`reducelab-cli run --json --devices/--split`, `run --mpi --json`), read
from both versions: version 2 ("schema": "reducelab-split/2") writes microseconds (`*_us`,
`resident.time_us`), version 1 (no schema field, the files committed before it) milliseconds
(`*_ms`, `resident.ms`). Both are returned in milliseconds. Imported by multi_device_*.py."""


def ms_of(obj, stem=None):
    """obj[stem + "_us"] / 1000 or obj[stem + "_ms"]; without a stem, a {time_us|ms, gbps}
    block's time. None stays None (a plan with no fastest device alone)."""
    us_key, ms_key = (stem + "_us", stem + "_ms") if stem else ("time_us", "ms")
    if us_key in obj:
        return None if obj[us_key] is None else obj[us_key] / 1000.0
    return obj[ms_key]

