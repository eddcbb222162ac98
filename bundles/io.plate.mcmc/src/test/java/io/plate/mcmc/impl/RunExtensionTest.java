package io.plate.mcmc.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunExtensionTest {
    private static final RunSettings ASKED = new RunSettings(2000, 500, 1, 4, 1L, 0, 8000); // 1,500 kept draws

    private static SummaryDiagnostic summary(double rhat, double ess) {
        return new SummaryDiagnostic("s", 0, 1, rhat, ess, ess);
    }

    @Test
    void aShortEssScalesTheKeptDrawsByTheShortfall() {
        // ESS 200 of 400: 1,500 kept draws × 1.2 × 2 = 3,600, after the 500 of burn-in: 4,100
        assertEquals(4100, RunExtension.next(ASKED, 2000, List.of(summary(1.001, 5000), summary(1.005, 200))));
        // at least 1.25 times the kept draws (500 + 1,875 = 2,375, rounded up to 2,400) and at most 4 times
        assertEquals(2400, RunExtension.next(ASKED, 2000, List.of(summary(1.0, 390))));
        assertEquals(6500, RunExtension.next(ASKED, 2000, List.of(summary(1.0, 12))));
        // never past the maximum, which need not be a round figure
        assertEquals(5555, RunExtension.next(ASKED.withMaxIterations(5555), 2000, List.of(summary(1.0, 12))));
        // thinned: kept draws count every third sweep (1,500 / 3 = 500 draws × 2.4 = 1,200 draws = 3,600 sweeps)
        RunSettings thinned = new RunSettings(2000, 500, 3, 4, 1L, 0, 8000);
        assertEquals(4100, RunExtension.next(thinned, 2000, List.of(summary(1.0, 200))));
    }

    @Test
    void aHighRhatAloneGoesOnByHalf() {
        assertEquals(2800, RunExtension.next(ASKED, 2000, List.of(summary(1.02, 900))));
        assertEquals(2800, RunExtension.next(ASKED, 2000, List.of(summary(Double.POSITIVE_INFINITY, 900))));
    }

    @Test
    void aRunStopsWhenBothTargetsAreMetOrAtItsMaximum() {
        assertEquals(2000, RunExtension.next(ASKED, 2000, List.of(summary(1.01, 400), summary(1.0, 9000))));
        assertEquals(8000, RunExtension.next(ASKED, 8000, List.of(summary(1.5, 3))));
        assertEquals(2000, RunExtension.next(ASKED.withMaxIterations(2000), 2000, List.of(summary(1.5, 3))));
        // more than four chains ask for 100 effective draws each
        RunSettings eight = new RunSettings(2000, 500, 1, 8, 1L, 0, 8000);
        assertEquals(2400, RunExtension.next(eight, 2000, List.of(summary(1.0, 790))));
    }

    @Test
    void constantAndUndefinedSummariesDoNotCount() {
        // a constant summary has no R-hat and an ESS that only counts draws; a NaN ESS says nothing
        SummaryDiagnostic constant = new SummaryDiagnostic("k", 3, 0, Double.NaN, 60, 60);
        SummaryDiagnostic undefined = new SummaryDiagnostic("u", 0, 1, Double.NaN, Double.NaN, Double.NaN);
        assertEquals(2000, RunExtension.next(ASKED, 2000, List.of(constant, undefined, summary(1.0, 1000))));
    }
}
