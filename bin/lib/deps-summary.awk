# Summarises the versions-maven-plugin's output (bin/deps): one line per update, each once, under
# the heading the plugin gave it; lines Maven wraps when an artifact's name is long are joined.
# Plain POSIX awk (mawk, Debian's default, has no regex intervals such as {6,}).
  function flush() { if (pending != "") { add(pending); pending = "" } }
  function add(text,   key) {
    gsub(/ \.+ /, " ", text); gsub(/  +/, " ", text); sub(/^ /, "", text)
    key = heading SUBSEP text
    if (!(key in seen)) { seen[key] = 1; lines[heading] = lines[heading] "  " text "\n"; count[heading]++ }
    if (!(heading in order)) { order[heading] = ++headings; names[headings] = heading }
  }
  /^\[INFO\] --- versions(-maven-plugin)?:[^:]*:display-dependency-updates/ { flush(); goal = "dependencies"; next }
  /^\[INFO\] --- versions(-maven-plugin)?:[^:]*:display-plugin-updates/     { flush(); goal = "plugins"; next }
  /^\[INFO\] --- versions(-maven-plugin)?:[^:]*:display-property-updates/   { flush(); goal = "properties"; next }
  /^\[INFO\] ---/ || /^\[INFO\] --------------------/ { flush(); goal = ""; next }
  goal == "" { next }
  /^\[(WARNING|ERROR)\]/ { flush(); warn = $0; sub(/^\[[A-Z]+\] /, "", warn); warnings[warn] = 1; next }
  /^\[INFO\] [^ ]/ {
    flush(); heading = $0; sub(/^\[INFO\] /, "", heading); sub(/:$/, "", heading)
    if (goal == "plugins" && heading ~ /^Require Maven/) { heading = "plugins: " heading } else { heading = goal ": " heading }
    next
  }
  /^\[INFO\]   / {
    text = $0; sub(/^\[INFO\]/, "", text)
    if (pending != "" && text ~ /^      /) { pending = pending " " text; if (pending ~ / -> /) flush(); next }
    flush()
    if (text ~ / -> /) add(text); else if (text !~ /\.\.\. [^ ]+$/ && text !~ /[0-9]$/) pending = text
    next
  }
  END {
    flush(); behind = 0
    for (i = 1; i <= headings; i++) {
      h = names[i]
      if (lines[h] ~ / -> /) { printf "%s (%d):\n%s", h, count[h], lines[h]; behind += count[h] }
    }
    if (behind == 0) print "Nothing is behind: every dependency, plugin and version property is on the newest release Maven Central has."
    for (w in warnings) print "note: " w
  }