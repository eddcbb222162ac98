package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import io.plate.api.data.SparseMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The refusals of a sparse block the multinomial mixture cannot read as counts. */
class MultinomialCorpusTest {
    /**
     * A negative count in the second row (a LibSVM line {@code 0 1:-1 3:4}) is named in row 2, as assignments.csv and
     * nb.multinomial number rows; it was called row 1 before.
     */
    @Test
    void aNegativeCountIsNamedByItsRowCountedFromOne() {
        SparseMatrix m = SparseMatrix.ofCounts(List.of("w1", "w2", "w3"), new int[] {0, 2, 4},
                new int[] {0, 1, 0, 2}, new int[] {2, 3, -1, 4}, true);
        assertEquals("the multinomial mixture needs word counts, whole numbers from 0 to 2147483647: row 2, column 'w1'"
                + " is -1",
                assertThrows(PlateException.class, () -> new MultinomialCorpus(m)).getMessage());
    }

    /**
     * A LibSVM file of real values is refused at its first value that is no count, by row and column; before, the
     * refusal said only that the block held real values.
     */
    @Test
    void aValueThatIsNoWholeCountIsNamedByRowAndColumn() {
        SparseMatrix m = SparseMatrix.ofValues(List.of("w1", "w2", "w3"), new int[] {0, 1, 3},
                new int[] {1, 0, 2}, new double[] {1, 2, 0.5}, true);
        assertEquals("the multinomial mixture needs word counts, whole numbers from 0 to 2147483647: row 2, column 'w3'"
                + " is 0.5", assertThrows(PlateException.class, () -> new MultinomialCorpus(m)).getMessage());
        SparseMatrix big = SparseMatrix.ofValues(List.of("w1"), new int[] {0, 1}, new int[] {0}, new double[] {3e9}, true);
        assertEquals("the multinomial mixture needs word counts, whole numbers from 0 to 2147483647: row 1, column 'w1'"
                + " is 3000000000", assertThrows(PlateException.class, () -> new MultinomialCorpus(big)).getMessage());
    }
}
