package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.felix.gogo.jline.Parser;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.ParsedLine;
import org.junit.jupiter.api.Test;

/** Tab on a name with a space: the completed word is escaped as Gogo reads it back, and the shell lives on. */
class CompletionEscapesTest {
    private static CompletingParsedLine completing(org.jline.reader.Parser parser, String typed) {
        return (CompletingParsedLine) parser.parse(typed, typed.length(), org.jline.reader.Parser.ParseContext.COMPLETE);
    }

    private static org.jline.reader.Parser fixed() throws Exception {
        return (org.jline.reader.Parser) CompletionEscapes.parser(new Parser(), org.jline.reader.Parser.class);
    }

    /** Gogo JLine 1.1.8's own escape throws for "my data/" (index 8 of an 8-character candidate): what ended the shell. */
    @Test
    void gogosOwnEscapeThrowsOnASpaceAndTheFrontParsersDoesNot() throws Exception {
        assertThrows(StringIndexOutOfBoundsException.class,
                () -> completing(new Parser(), "plate:import my").escape("my data/", false));
        assertEquals("my\\ data/", completing(fixed(), "plate:import my").escape("my data/", false).toString());
        assertEquals("iris\\ copy.csv", completing(fixed(), "plate:import ir").escape("iris copy.csv", true).toString());
        assertEquals("a\\ b\\\tc", completing(fixed(), "plate:import a").escape("a b\tc", true).toString());
        // a quote or what Gogo reads as syntax, which Gogo left as it was: it's.csv opened a quote
        assertEquals("it\\'s\\ \\(1\\).csv", completing(fixed(), "plate:import i").escape("it's (1).csv", true).toString());
        assertEquals("iris.train", completing(fixed(), "plate:train nb.gaussian i").escape("iris.train", true).toString());
    }

    /**
     * The word cursor counts the word as read: after the first Tab the line reads {@code my\ data/}, and Gogo's cursor
     * (9, as typed) was past the end of the word (8), where JLine's file completion cut it and threw.
     */
    @Test
    void theWordCursorCountsTheWordAsRead() throws Exception {
        String typed = "plate:import my\\ data/";
        assertEquals("my data/", completing(new Parser(), typed).word());
        assertEquals(9, completing(new Parser(), typed).wordCursor());
        assertEquals(8, completing(fixed(), typed).wordCursor());
        assertEquals(8, completing(fixed(), "plate:import 'my data/").wordCursor());
        assertEquals(2, completing(fixed(), "plate:import ir").wordCursor());
        // the cursor inside the word, after "my\ ": three characters read
        String middle = "plate:import my\\ data/x.csv";
        CompletingParsedLine at = (CompletingParsedLine) fixed().parse(middle, "plate:import my\\ ".length(),
                org.jline.reader.Parser.ParseContext.COMPLETE);
        assertEquals(3, at.wordCursor());
    }

    /** In a word opened with a quote only that quote is escaped, and a complete word is closed with it. */
    @Test
    void aQuotedWordKeepsItsQuote() throws Exception {
        assertEquals("'my data/", completing(fixed(), "plate:import 'my").escape("my data/", false).toString());
        assertEquals("'it\\'s x.csv'", completing(fixed(), "plate:import 'it").escape("it's x.csv", true).toString());
        assertEquals("\"my data/x.csv\"", completing(fixed(), "plate:import \"my").escape("my data/x.csv", true).toString());
    }

    /** What the parser does apart from a completing line's escape is Gogo's: the words, and an accepted line as Gogo's class. */
    @Test
    void everythingElseIsGogos() throws Exception {
        ParsedLine line = completing(fixed(), "plate:train nb.gaussian ir");
        assertEquals(java.util.List.of("plate:train", "nb.gaussian", "ir"), line.words());
        assertEquals(2, line.wordIndex());
        String typed = "plate:import x.csv";
        assertTrue(fixed().parse(typed, typed.length(), org.jline.reader.Parser.ParseContext.ACCEPT_LINE)
                instanceof org.apache.felix.gogo.jline.ParsedLineImpl);
    }
}
