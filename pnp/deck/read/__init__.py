"""Reading a deck: the deck file and its spreadsheet (CSV, .xlsx), checked whole before drawing,
every problem one line naming the file, the row or line and the key; the folder gate every file a
deck names goes through; the backs, icons, pictures, layouts, rules and templates a deck's keys
choose per card."""
