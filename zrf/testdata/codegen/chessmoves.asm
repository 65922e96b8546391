== Pawn moves #1
  0  step n
  1  empty? ->7 if false
  2  in-zone? last-rank ->5 if false
  3  add (Queen Knight)
  4  jmp ->6
  5  add
  6  end
  7  die
== Pawn moves #2
  0  step e
  1  enemy? ->8 if false
  2  piece? Queen ->8 if true
  3  capture
  4  step n
  5  to
  6  add
  7  end
  8  die
== Queen moves #1
  0  slide n
  1  friend? ->4 if true
  2  add
  3  end
  4  die
== Queen moves #2
  0  step n
  1  empty? ->4 if true
  2  enemy? ->8 if false
  3  attr? moved? ->8 if false
  4  set-attribute moved? true
  5  add
  6  step n
  7  jmp ->1
  8  end
  9  die
== Knight moves #1
  0  step n
  1  step n
  2  step e
  3  friend? ->6 if true
  4  add
  5  end
  6  die
