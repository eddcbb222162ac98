package io.plate.api.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A report prints and compares its confusion matrix by its counts, as a Java user reads and tests it. */
class EvaluationReportTest {
    private static EvaluationReport report(long[][] confusion) {
        return new EvaluationReport("nb.gaussian", Map.of(), "iris", 10, 1, List.of("a", "b"), 0.75, 0.5, 0.7,
                confusion, Double.NaN, Double.NaN, 0.01, 0.002, List.of());
    }

    @Test
    void theConfusionMatrixIsPrintedAndComparedByItsCounts() {
        EvaluationReport r = report(new long[][] {{2, 1}, {0, 1}});
        assertTrue(r.toString().contains("confusion=[[2, 1], [0, 1]]"), r.toString());
        assertEquals(r, report(new long[][] {{2, 1}, {0, 1}}));
        assertEquals(r.hashCode(), report(new long[][] {{2, 1}, {0, 1}}).hashCode());
        assertNotEquals(r, report(new long[][] {{1, 2}, {0, 1}}));
    }
}
