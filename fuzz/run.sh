#!/usr/bin/env bash
# Fuzzes every target for SECONDS each (default 300; 0 = only re-merge),
# niced, then merges what it found into the kept corpus (corpus/<target>),
# keeping only inputs that add edge coverage, so the corpus stays small.
# Needs cargo-fuzz; on stable Rust RUSTC_BOOTSTRAP=1 unlocks the flags it uses.
# No sanitizer (the engine has no unsafe code; panics are what we look for),
# debug assertions on (integer overflow panics).
# Usage: fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-300}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(ls fuzz_targets | sed 's/\.rs$//')
export RUSTC_BOOTSTRAP=1
fuzz() { nice -n 10 cargo fuzz run -O -a -s none "$@"; }
for t in "${targets[@]}"; do
    mkdir -p "corpus-work/$t" "corpus/$t"
    seeds=()
    [ -d "seeds/$t" ] && seeds+=("seeds/$t")
    case $t in save | psq | sgf | move_string | detect) seeds+=(../engine/tests/data/formats) ;; esac
    if [ "$seconds" -gt 0 ]; then
        fuzz "$t" "corpus-work/$t" "corpus/$t" "${seeds[@]}" -- \
            -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            2>&1 | tee "corpus-work/$t.log" | grep -E "stat::number_of_executed_units|ERROR|panicked" || true
    fi
    rm -rf "corpus-work/$t.min" && mkdir "corpus-work/$t.min"
    fuzz "$t" "corpus-work/$t.min" "corpus/$t" "corpus-work/$t" "${seeds[@]}" -- \
        -merge=1 -use_counters=0 > "corpus-work/$t.merge.log" 2>&1
    rm -rf "corpus/$t" && mv "corpus-work/$t.min" "corpus/$t"
    echo "$t: $(ls "corpus/$t" | wc -l) corpus files"
done
