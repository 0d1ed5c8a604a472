#!/usr/bin/env bash
# After a failed CI run: print the native backtrace of every core a crashed process left (a test worker
# that died of SIGSEGV names only its test file; the frames name the library). Needs gdb; harmless without.
shopt -s nullglob
# The kernel names the faulting library and offset even when no core was written.
dmesg 2>/dev/null | grep -E 'segfault at|general protection|traps:' | tail -20 || true
cores=(cor[e] core.[0-9]*)  # cor[e]: a glob, so nullglob drops it when absent
[ ${#cores[@]} -eq 0 ] && exit 0
# The project's own Node (the `node` package), the one npm test ran.
node_bin=$(PATH="$PWD/node_modules/.bin:$PATH" node -p 'process.execPath')
for c in "${cores[@]}"; do
  echo "=== native crash: $c ($(stat -c '%y' "$c"))"
  if command -v gdb >/dev/null; then
    gdb -batch -nx -ex 'bt 40' -ex 'thread apply all bt 8' "$node_bin" "$c" 2>&1 | grep -E '^(#|Thread|Program terminated)' | head -200
  else
    echo "gdb not installed: keep $c and read it with gdb $node_bin $c"
  fi
done
