package io.plate.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each named class against characters whose categories were looked up in the Unicode Character Database. */
class CharacterClassTest {
    @Test
    void aWordCharacterIsALetterANumberOrTheUnderscoreAsInPython() {
        // in: a (Ll), Z (Lu), 7 (Nd), _ (added), ½ and ² (No), Ⅻ U+216B (Nl), 日 (Lo), ʰ U+02B0 (Lm), ǅ U+01C5 (Lt),
        // ٣ U+0663 (Nd), 𝔘 U+1D518 (Lu, outside the BMP)
        // out: - (Pd), . (Po), space, ‿ U+203F (Pc, not '_'), combining acute U+0301 (Mn), no-break space, $
        assertHolds(CharacterClass.WORD, "aZ7_½²\u216B日\u02B0\u01C5\u0663𝔘", "-. \u203F\u0301\u00a0$");
    }

    @Test
    void aNameCharacterIsALetterADigitACombiningMarkOrUnderscoreHyphenDot() {
        // in: é (Ll), combining acute U+0301 (Mn), Devanagari visarga U+0903 (Mc), _ - ., 日 (Lo), ٣ (Nd)
        // out: ½ (No) and Ⅻ (Nl), which are word characters; what Gogo gives a meaning; space, no-break space, '/'
        assertHolds(CharacterClass.NAME, "é\u0301\u0903_-.日\u0663", "½\u216B$;|(){}='\" \u00a0/");
    }

    @Test
    void invisibleIsControlFormatAndSeparatorsButTheSpace() {
        // in: \n \t DEL (Cc), NEL U+0085 (Cc), no-break space U+00A0 and ideographic space U+3000 (Zs),
        // zero-width space U+200B, joiner U+200D, soft hyphen U+00AD, byte-order mark U+FEFF (Cf), U+2028 (Zl), U+2029 (Zp)
        // out: the space, letters, a tilde, a combining mark
        assertHolds(CharacterClass.INVISIBLE, "\n\t\u007f\u0085\u00a0\u3000\u200b\u200d\u00ad\ufeff\u2028\u2029",
                " a~\u0301日");
    }

    @Test
    void asciiAsEachClassSpellsIt() {
        // the ASCII table against each class's ASCII members written out
        for (int c = 0; c < 128; c++) {
            String s = String.valueOf((char) c);
            assertEquals(s.matches("[A-Za-z0-9_]"), CharacterClass.WORD.contains(c), "WORD " + c);
            assertEquals(s.matches("[A-Za-z0-9_.-]"), CharacterClass.NAME.contains(c), "NAME " + c);
            assertEquals(c < 32 || c == 127, CharacterClass.INVISIBLE.contains(c), "INVISIBLE " + c);
        }
    }

    @Test
    void aValueThatIsNoCodePointIsInNoClass() {
        // -16 and -63 would read the ASCII bits of '0' and U+0001 if the table took negative values
        for (int c : new int[] {-1, -16, -63, Character.MAX_CODE_POINT + 1}) {
            assertFalse(CharacterClass.WORD.contains(c) || CharacterClass.NAME.contains(c)
                    || CharacterClass.INVISIBLE.contains(c), Integer.toString(c));
        }
    }

    /** Every code point of {@code in} is in {@code cls}, none of {@code out} is. */
    private static void assertHolds(CharacterClass cls, String in, String out) {
        in.codePoints().forEach(c -> assertTrue(cls.contains(c), Character.getName(c)));
        out.codePoints().forEach(c -> assertFalse(cls.contains(c), Character.getName(c)));
    }
}
