# Prints the line numbers of the innermost reversed loops in a file of
# generated adjoints (a dump of -fplugin-arg-tangent-dump-dir): loops that
# contain no other loop and whose header runs backwards, `for (T i = e;
# i-- > s;)` (or `i++ < s` for a loop that counted down), and the middle
# loop of gathered passes (`for (...) gather(k, false);`, LoopGather.cpp).
# Generated code opens at most one block per line (`for (...) {`,
# `} else {`).
$0 ~ /^[ ]*for \(.*, false\);$/ { inner[NR] = 1 }
{
  line = $0
  opens = gsub(/\{/, "{", line)
  closes = gsub(/\}/, "}", line)
  if ($0 ~ /^[ ]*for \(/ && opens > closes) {
    if (sp > 0)
      inner[stack[sp]] = 0
    stack[++sp] = NR
    at[sp] = depth
    inner[NR] = ($0 ~ /(--|\+\+) [<>] /)
  }
  depth += opens - closes
  while (sp > 0 && depth <= at[sp])
    sp--
}
END {
  for (l in inner)
    if (inner[l])
      print l
}
