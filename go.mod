module zrun

go 1.26.0

require github.com/alecthomas/participle/v2 v2.1.4
