package io.plate.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ShellWordTest {
    /** Names Gogo reads as one plain word stay as they are, in any script (the launcher's own tests read them so). */
    @Test
    void plainNamesStayAsTheyAre() {
        assertEquals("sepal_length", ShellWord.of("sepal_length"));
        assertEquals("données.été-2", ShellWord.of("données.été-2"));
        assertEquals("日本", ShellWord.of("日本"));
        assertEquals("a,b", ShellWord.of("a,b"));
    }

    /**
     * A space, a shell metacharacter or a quote makes a quoted word; a single quote inside is written '\'' (checked
     * in Gogo: the script line echo 'it'\''s' prints it's, and echo a%b fails with "bad expression").
     */
    @Test
    void otherNamesAreSingleQuotedWithTheirQuotesEscaped() {
        assertEquals("'size (cm)'", ShellWord.of("size (cm)"));
        assertEquals("'a b'", ShellWord.of("a b"));
        assertEquals("'$HOME;x|y'", ShellWord.of("$HOME;x|y"));
        assertEquals("'say \"hi\"'", ShellWord.of("say \"hi\""));
        assertEquals("'it'\\''s'", ShellWord.of("it's"));
        assertEquals("'50%'", ShellWord.of("50%"));
        assertEquals("'a*'", ShellWord.of("a*"));
        assertEquals("''", ShellWord.of(""));
    }

    /** A long name is given whole: a name cut with "…" in a command names no column. */
    @Test
    void aLongNameIsGivenWhole() {
        String name = "x".repeat(Visible.NAME_LENGTH + 20);
        assertEquals(name, ShellWord.of(name));
        assertEquals("'" + name + " y'", ShellWord.of(name + " y"));
    }
}
