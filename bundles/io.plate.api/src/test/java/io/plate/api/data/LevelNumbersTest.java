package io.plate.api.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LevelNumbersTest {
    @Test
    void plainDecimalsAreNumbersAndCodesStayText() {
        assertEquals(1.0, LevelNumbers.value("1.0"));
        assertEquals(-2.5, LevelNumbers.value("-2.5"));
        assertEquals(1000.0, LevelNumbers.value("1e3"));
        assertEquals(0.0, LevelNumbers.value("0"));
        for (String text : new String[] {"007", "01.5", "abc", "", " 1", "1 ", "NaN", "Infinity", "0x10", "1d", "1e999", "1."}) {
            assertTrue(Double.isNaN(LevelNumbers.value(text)), text);
        }
    }

    @Test
    void classesAreOrderedAsScikitLearnOrdersThem() {
        // np.unique of an int array sorts by value; of a string array, by text
        assertEquals(List.of("2", "10", "100"), LevelNumbers.sorted(List.of("10", "100", "2")));
        assertEquals(List.of("-1", "0.5", "1"), LevelNumbers.sorted(List.of("1", "-1", "0.5")));
        assertEquals(List.of("10", "2", "a"), LevelNumbers.sorted(List.of("a", "2", "10")));
        assertEquals(List.of("007", "10", "9"), LevelNumbers.sorted(List.of("9", "007", "10")));
    }

    @Test
    void aNumberMatchesALevelOfTheSameValue() {
        // pandas writes 1.0 for the integers of a column that also holds a NaN
        CategoricalColumn c = CategoricalColumn.of("y", List.of("0.0", "1.0", "2", "x"), new int[] {0, 1, 2, 3});
        int[] map = c.mapTo(List.of("1", "0", "2.0"));
        assertEquals(1, map[0]);
        assertEquals(0, map[1]);
        assertEquals(2, map[2]);
        assertEquals(CategoricalColumn.MISSING, map[3]);
        // the text wins over the value, and a value two target levels share matches neither
        assertEquals(1, CategoricalColumn.of("y", List.of("1.0"), new int[] {0}).mapTo(List.of("1", "1.0"))[0]);
        assertEquals(CategoricalColumn.MISSING,
                CategoricalColumn.of("y", List.of("1.00"), new int[] {0}).mapTo(List.of("1", "1.0"))[0]);
        // codes with leading zeros are text: 007 is not 7
        assertEquals(CategoricalColumn.MISSING, CategoricalColumn.of("y", List.of("007"), new int[] {0}).mapTo(List.of("7"))[0]);
    }

    @Test
    void theSpellingsOfOneNumberAreOneLevelAndCodesStayText() {
        // pandas reads 1 and 1.0 in one column as the float 1.0: one class, in its shortest form
        assertEquals(List.of("1", "1", "2", "2", "1"), LevelNumbers.levels(List.of("1", "1.0", "2", "+2", "1e0")));
        assertEquals(List.of("1", "1", "0", "0"), LevelNumbers.levels(List.of("1.00", "1.0", "-0", "0")));
        // numpy's savetxt spelling ('%.18e') is shown as the number it is; a shorter spelling written is kept
        assertEquals(List.of("0", "2.5", "1e20"), LevelNumbers.levels(List.of("0.000000000000000000e+00",
                "2.500000000000000000e+00", "1e20")));
        // not every text a number: each is its own level (007 is a code, not 7)
        assertEquals(List.of("007", "7", "7.0"), LevelNumbers.levels(List.of("007", "7", "7.0")));
        assertEquals(List.of("1", "1.0", "a"), LevelNumbers.levels(List.of("1", "1.0", "a")));
        assertTrue(LevelNumbers.zeroPadded("007".toCharArray(), 0, 3));
        assertTrue(LevelNumbers.zeroPadded(" -01.5".toCharArray(), 0, 6));
        for (String notPadded : new String[] {"0", "0.5", "-0", "10", "0e1", "7"}) {
            assertTrue(!LevelNumbers.zeroPadded(notPadded.toCharArray(), 0, notPadded.length()), notPadded);
        }
        assertEquals("2", LevelNumbers.text(2.0));
        assertEquals("2.5", LevelNumbers.text(2.5));
    }

    @Test
    void aNumericColumnReadsAsItsWrittenCodes() {
        CategoricalColumn written = CategoricalColumn.of("z", List.of("007", "010"), new int[] {0, 1, CategoricalColumn.MISSING});
        NumericColumn c = NumericColumn.of("code", new double[] {7, 10, Double.NaN}, written);
        assertEquals(List.of("007", "010"), c.asLevels().levels());
        assertEquals("code", c.asLevels().name());
        assertEquals("010", c.select(new int[] {1}).asLevels().level(0));
        assertEquals("010", c.renamed("k").asLevels().level(1));
        // without written codes: the numbers as level texts, in order of appearance
        NumericColumn plain = NumericColumn.of("n", new double[] {2.5, 7, Double.NaN, 7});
        assertEquals(List.of("2.5", "7"), plain.asLevels().levels());
        assertEquals(CategoricalColumn.MISSING, plain.asLevels().code(2));
        Dataset d = Dataset.builder("d").numeric(c).build();
        assertEquals(List.of("007", "010"), d.levelsOf("code").orElseThrow().levels());
        assertTrue(d.levelsOf("other").isEmpty());
    }
}
