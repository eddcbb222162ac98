package io.plate.mcmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticsTableTest {
    @Test
    void theTableReportsTheDrawsHeldNotThePlannedCount() {
        // a cancelled run of 200 planned kept draws per chain: chain 0 held 3, chain 1 held 5
        Trace cut = new Trace(List.of("logJoint"), new double[][][] {{{-1}, {-2}, {-3}}, {{-1}, {-2}, {-3}, {-4}, {-5}}},
                new long[][] {{11, 12, 13}, {11, 12, 13, 14, 15}});
        SamplerPosterior p = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(210, 10, 1, 2, 1L, 1))
                .trace(cut).cancelled(true).build();
        assertTrue(p.toString().startsWith("test.sampler on toy: 2 chains × 3/5 kept draws (210 iterations"), p.toString());
        // a trace thinned for storage (every 4th of the kept draws of thin 2) says so
        Trace thinned = new Trace(List.of("logJoint"), new double[][][] {{{-1}, {-2}}}, new long[][] {{11, 19}});
        assertEquals("2 draws held (1 in 4 of the kept draws)", DiagnosticsTable.keptDraws(thinned, 2));
    }

    @Test
    void toStringIsTheDiagnosticsTable() {
        double[][][] v = {{{-1.5, 2}, {-1.25, 3}, {-1.0, 2}, {-0.5, 4}, {-0.75, 3}},
            {{-2.0, 1}, {-1.5, 2}, {-1.0, 2}, {-1.25, 3}, {-0.5, 1}}};
        long[][] it = {{11, 12, 13, 14, 15}, {11, 12, 13, 14, 15}};
        Trace trace = new Trace(List.of("logJoint", "active"), v, it);
        String t = SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(15, 10, 1, 2, 1L, 1))
                .trace(trace).diagnostics(Diagnostics.summarize(trace)).build().toString();
        assertTrue(t.contains("summary") && t.contains("R-hat") && t.contains("ESS bulk") && t.contains("ESS tail"), t);
        assertTrue(t.contains("logJoint") && t.contains("active"), t);
        assertTrue(t.contains("sweeps/s"), t);
    }
}
