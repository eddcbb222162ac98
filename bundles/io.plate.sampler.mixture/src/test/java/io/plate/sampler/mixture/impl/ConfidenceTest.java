package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A row's confidence in the estimate, worked by hand over four draws, with a singleton among the rows. */
class ConfidenceTest {
    /**
     * Estimate {0,1,2}{3}. Rows 0-2 count the fraction of their two estimated mates beside them in each draw;
     * row 3, which has no mates, counts whether it is alone in the draw:
     * <pre>
     * draw        row 0  row 1  row 2  row 3
     * {012}{3}    1      1      1      1
     * {01}{23}    1/2    1/2    0      0
     * {0}{1}{2}{3} 0     0      0      1
     * {0123}      1      1      1      0
     * mean        5/8    5/8    1/2    1/2
     * </pre>
     * Row 3's 1/2 is the posterior probability that it is alone (draws 1 and 3 of 4).
     */
    @Test
    void aSingletonsConfidenceIsTheProbabilityThatItIsAlone() {
        List<int[]> draws = List.of(new int[] {0, 0, 0, 1}, new int[] {0, 0, 1, 1}, new int[] {0, 1, 2, 3},
                new int[] {0, 0, 0, 0});
        assertArrayEquals(new double[] {0.625, 0.625, 0.5, 0.5},
                MixtureSummary.confidence(new int[] {0, 0, 0, 1}, draws), 1e-15);
        // a row never alone in any draw is 0: its estimated cluster of one is one no draw holds
        assertArrayEquals(new double[] {1, 1, 1, 0},
                MixtureSummary.confidence(new int[] {0, 0, 0, 1}, List.of(new int[] {0, 0, 0, 0})), 1e-15);
    }
}
