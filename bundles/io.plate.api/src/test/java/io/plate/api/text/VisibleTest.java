package io.plate.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class VisibleTest {
    @Test
    void invisibleAndLineBreakingCharactersAreEscaped() {
        assertEquals("line1\\nline2", Visible.text("line1\nline2")); // pandas writes such a cell quoted
        assertEquals("a\\tb\\r", Visible.text("a\tb\r"));
        assertEquals("3.5\\u00a0", Visible.text("3.5\u00a0")); // a no-break space after a number
        assertEquals("a\\u200bb\\ufeff\\u0007\\u2028", Visible.text("a\u200bb\ufeff\u0007\u2028"));
        String plain = "données 日本 x²";
        assertSame(plain, Visible.text(plain));
    }

    @Test
    void aVeryLongNameIsShortenedWithAnEllipsis() {
        String huge = "x".repeat(10_000_000); // a 10 MB class name
        assertEquals("x".repeat(Visible.NAME_LENGTH - 1) + "…", Visible.name(huge));
        assertEquals("x".repeat(Visible.NAME_LENGTH), Visible.name("x".repeat(Visible.NAME_LENGTH)));
        // by code points: a character outside the BMP is never cut in two
        String faces = "\ud83d\ude00".repeat(100);
        assertEquals("\ud83d\ude00".repeat(9) + "…", Visible.shortened(faces, 10));
        assertEquals("ab\\n…", Visible.shortened("ab\ncd", 4));
    }

    @Test
    void widthCountsTheColumnsATerminalGives() {
        assertEquals(4, Visible.width("日本"));
        assertEquals(7, Visible.width("donne\u0301es")); // e and a combining accent: one column
        assertEquals(3, Visible.width("abc"));
        assertEquals("日", Visible.cut("日本", 3));
        assertEquals("ab", Visible.cut("abc", 2));
    }
}
