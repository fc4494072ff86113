// The photo pipeline lands here.
