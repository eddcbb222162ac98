package io.plate.mcmc.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.PlateException;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import io.plate.mcmc.SamplerPosterior;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunDirectoryTest {
    @TempDir
    Path tmp;

    private static SamplerPosterior posterior() {
        double[][][] v = {{{-1.5, 2}, {-1.25, 3}, {-1.0, 2}, {-0.5, 4}, {-0.75, 3}},
            {{-2.0, 1}, {-1.5, 2}, {-1.0, 2}, {-1.25, 3}, {-0.5, 1}}};
        long[][] it = {{11, 12, 13, 14, 15}, {11, 12, 13, 14, 15}};
        Trace trace = new Trace(List.of("logJoint", "active"), v, it);
        return SamplerPosterior.builder("test.sampler", "toy")
                .params(Map.of("alpha", "0.5"))
                .settings(new RunSettings(15, 10, 1, 2, 99L, 1))
                .trace(trace)
                .table("theta", new Table(List.of("class", "feature"), List.of(List.of("a,b", "say \"x\""))))
                .fact("note", "hello").seconds(0.5).sweepsPerSecond(60).build();
    }

    @Test
    void writesTraceSummaryAndTables() throws Exception {
        SamplerPosterior p = posterior();
        Path dir = tmp.resolve("run1");
        p.write(dir);
        List<String> trace = Files.readAllLines(dir.resolve("trace.csv"));
        assertEquals("chain,iteration,logJoint,active", trace.get(0));
        assertEquals(11, trace.size());
        assertEquals("0,11,-1.5,2.0", trace.get(1));
        assertEquals("1,15,-0.5,1.0", trace.get(10));
        JsonNode s = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals("test.sampler", s.get("sampler").asText());
        assertEquals("toy", s.get("dataset").asText());
        assertEquals(99, s.get("seed").asLong());
        assertEquals(15, s.get("settings").get("iterations").asInt());
        assertEquals("0.5", s.get("params").get("alpha").asText());
        assertEquals(0.5, s.get("seconds").asDouble());
        assertEquals(60, s.get("sweepsPerSecond").asDouble());
        assertFalse(s.get("cancelled").asBoolean());
        assertEquals("hello", s.get("facts").get("note").asText());
        JsonNode active = s.get("summaries").get("active");
        assertEquals(2.3, active.get("mean").asDouble(), 1e-12); // (2+3+2+4+3+1+2+2+3+1)/10
        assertTrue(active.has("rhat") && active.has("essBulk") && active.has("essTail") && active.has("sd"));
        assertEquals(List.of("class,feature", "\"a,b\",\"say \"\"x\"\"\""), Files.readAllLines(dir.resolve("theta.csv")));
        // rewriting replaces files and leaves no temporary files behind
        p.write(dir);
        try (var files = Files.list(dir)) {
            assertEquals(3, files.count());
        }
    }

    @Test
    void anInfiniteRhatIsWrittenAsInfNotAsUndefined() throws Exception {
        // chains constant at 20 and 19: R-hat +Infinity, which JSON cannot hold as a number; null means NaN
        double[][][] v = new double[2][6][];
        long[][] it = new long[2][6];
        for (int d = 0; d < 6; d++) {
            v[0][d] = new double[] {20};
            v[1][d] = new double[] {19};
            it[0][d] = d + 1;
            it[1][d] = d + 1;
        }
        Path dir = tmp.resolve("stuck");
        SamplerPosterior.builder("test.sampler", "toy").settings(new RunSettings(6, 0, 1, 2, 1L, 1))
                .trace(new Trace(List.of("clusters"), v, it)).build().write(dir);
        JsonNode clusters = new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).get("summaries")
                .get("clusters");
        assertEquals("inf", clusters.get("rhat").asText());
    }

    @Test
    void aRunDirectoryIsReplacedWholeAndAForeignFolderIsRefused() throws Exception {
        Path dir = tmp.resolve("run2");
        posterior().write(dir);
        Files.writeString(dir.resolve("old_table.csv"), "from an earlier run\n");
        posterior().write(dir);
        assertFalse(Files.exists(dir.resolve("old_table.csv")), "no file of the earlier run beside the new one");
        Path foreign = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(foreign.resolve("notes.txt"), "mine");
        PlateException e = assertThrows(PlateException.class, () -> posterior().write(foreign));
        assertTrue(e.getMessage().contains("home") && e.getMessage().contains("not a run's"), e.getMessage());
        try (var files = Files.list(foreign)) {
            assertEquals(List.of("notes.txt"), files.map(f -> f.getFileName().toString()).toList());
        }
        try (var files = Files.list(tmp)) {
            assertEquals(2, files.count(), "no temporary folder left beside them");
        }
    }
}
