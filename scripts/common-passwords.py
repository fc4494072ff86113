#!/usr/bin/env python3
"""Builds Sources/DaybookCore/Validation/common-passwords.txt: the passwords of 10 characters or
more (Daybook's minimum) that attackers try first.

Input: a frequency-ordered password list, one per line, most common first (we used the top of
zxcvbn's `passwords` list, Dropbox, MIT licence). A list of raw leaks holds few passwords of 10+
characters, so most of the output is made from its short words the way people lengthen them:
the word with a common suffix ("monkey123456", "dragon2024!"), the word twice
("passwordpassword"), two common words joined ("iloveyoubaby"), keyboard walks and repeated
characters. Everything is lower case (the check ignores case) and only entries of 10 to 128
characters are kept.

Usage: scripts/common-passwords.py SOURCE.txt > Sources/DaybookCore/Validation/common-passwords.txt
"""
import sys

MIN, MAX = 10, 128
SUFFIXES = ["1", "12", "123", "1234", "12345", "123456", "1234567", "12345678", "123456789", "!", "!!",
            "1!", "123!", "@123", "#1", "01", "007", "69", "99", "00", "11", "13", "21", "22", "23", "77",
            "88"] + [str(year) for year in range(1960, 2031)] + [f"{year}!" for year in range(2015, 2031)]
PREFIXES = ["my", "the", "ilove", "iloveu"]
WALKS = [
    "qwertyuiop", "qwertyuiop[]", "asdfghjkl", "asdfghjkl;", "zxcvbnm", "zxcvbnm,./", "1234567890",
    "0987654321", "1234567890-=", "!@#$%^&*()", "1q2w3e4r5t", "1q2w3e4r5t6y", "1qaz2wsx", "1qaz2wsx3edc",
    "1qaz2wsx3edc4rfv", "qazwsxedc", "qazwsxedcrfv", "!qaz@wsx", "!qaz@wsx#edc", "zaq12wsx", "zaq1xsw2cde3",
    "qwerasdfzxcv", "asdfqwer", "qweasdzxc", "qweasdzxc123", "poiuytrewq", "lkjhgfdsa", "mnbvcxz",
    "abcdefghij", "abcdefghijk", "abcdefghijklmnop", "abcdefghijklmnopqrstuvwxyz", "abc123abc123",
    "a1b2c3d4e5", "1a2b3c4d5e", "123qweasd", "123qweasdzxc", "qwe123qwe123", "123abc123abc",
    "12345qwert", "qwert12345", "12345abcde", "abcde12345", "11223344556677", "1122334455", "123123123123",
    "147258369", "1472583690", "9876543210", "0123456789", "01234567890", "12345678910", "1234512345",
]
PHRASES = [
    "iloveyou", "iloveyou2", "iloveyoubaby", "iloveyouforever", "iloveyousomuch", "iloveyoutoo",
    "letmein", "letmeinplease", "letmeinnow", "welcome", "welcomehome", "welcometomyworld",
    "password", "passw0rd", "p@ssw0rd", "p@ssword", "mypassword", "thepassword", "newpassword",
    "secretpassword", "supersecret", "topsecret", "changeme", "changeit", "changemenow", "default",
    "administrator", "admin", "adminadmin", "rootroot", "trustno1", "trustnoone", "whatever",
    "nevergiveup", "nothingtolose", "jesusloves", "jesuschrist", "godisgood", "godisgreat",
    "correcthorsebatterystaple", "thequickbrownfox", "thequickbrownfoxjumpsoverthelazydog",
    "onetwothree", "onetwothreefour", "blahblahblah", "hellohello", "helloworld", "hello world",
    "goodmorning", "goodnight", "happybirthday", "happydays", "sunshine", "princess", "football",
    "basketball", "baseball", "soccer", "starwars", "pokemon", "minecraft", "fortnite", "superman",
    "batman", "spiderman", "harrypotter", "dearjournal", "mydiary", "mydailyjournal", "mydaybook",
    "daybook", "daybook123", "dailyjournal", "dear diary", "deardiary", "mysecretdiary", "myjournal",
]


def keep(word):
    return MIN <= len(word) <= MAX


def main(source):
    with open(source, encoding="utf-8") as handle:
        words = [line.strip().lower() for line in handle if line.strip() and not line.startswith("#")]
    out, seen = [], set()

    def add(word):
        if keep(word) and word not in seen:
            seen.add(word)
            out.append(word)

    for word in words:
        add(word)
    for phrase in PHRASES:
        add(phrase)
        add(phrase.replace(" ", ""))
    for walk in WALKS:
        add(walk)
        add(walk + walk)
    for ch in "abcdefghijklmnopqrstuvwxyz0123456789!*.":
        for n in (10, 11, 12, 14, 16, 20):
            add(ch * n)
    stems = [w for w in words[:1000] if 4 <= len(w) <= 9 and w.isalpha()] + [p.replace(" ", "") for p in PHRASES]
    for stem in stems:
        for suffix in SUFFIXES:
            add(stem + suffix)
        add(stem + stem)
        add(stem + stem + stem)
        for prefix in PREFIXES:
            add(prefix + stem)
    top = [w for w in words[:150] if 4 <= len(w) <= 8 and w.isalpha()]
    for first in top:
        for second in top:
            add(first + second)
    sys.stdout.write("# Common passwords of 10 or more characters, lower case, most common kinds first.\n")
    sys.stdout.write("# Made by scripts/common-passwords.py; read by CommonPasswords.swift.\n")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
