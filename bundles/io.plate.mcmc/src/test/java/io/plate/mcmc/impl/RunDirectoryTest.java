package io.plate.mcmc.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.BundleOrigin;
import io.plate.api.PlateException;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import io.plate.mcmc.DiagnosticsTable;
import io.plate.mcmc.SamplerPosterior;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /**
     * summary.json counts the draws trace.csv holds, under a name that says so: a long run's trace holds 1 in
     * 2 of its kept draws, and {@code draws} read as the kept draws (the mixtures' fact {@code draws} is those).
     */
    @Test
    void theSummaryCountsTheDrawsHeldAndSaysSo() throws Exception {
        // 10 kept draws a chain (iterations 21, burn-in 1), stored 1 in 2: sweeps 2, 4, …, 20
        double[][][] v = new double[2][5][];
        long[][] it = new long[2][5];
        for (int c = 0; c < 2; c++) {
            for (int d = 0; d < 5; d++) {
                v[c][d] = new double[] {d + c};
                it[c][d] = 2 + 2 * d;
            }
        }
        SamplerPosterior p = SamplerPosterior.builder("test.sampler", "toy")
                .settings(new RunSettings(21, 1, 1, 2, 1L, 1))
                .trace(new Trace(List.of("x"), v, it)).build();
        Path dir = tmp.resolve("held");
        p.write(dir);
        JsonNode s = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals(5, s.get("heldDraws").get("0").asInt());
        assertEquals(5, s.get("heldDraws").get("1").asInt());
        assertFalse(s.has("draws"), s.toString());
        assertEquals(5, SamplerPosterior.read(dir).trace().draws(1));
        // a summary.json of an earlier version, which named them draws, still reads
        Files.writeString(dir.resolve("summary.json"), Files.readString(dir.resolve("summary.json"))
                .replace("\"heldDraws\"", "\"draws\""));
        assertEquals(5, SamplerPosterior.read(dir).trace().draws(1));
        Files.writeString(dir.resolve("summary.json"), Files.readString(dir.resolve("summary.json"))
                .replace("\"1\" : 5", "\"1\" : 6"));
        assertReadFails(dir, dir.resolve("trace.csv") + ": chain 1 has 5 rows but summary.json says 6 draws held:"
                + " the file was cut short or edited", () -> { });
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

    /**
     * A run of the real runner (AR(1) chains, thinned), with a table whose cells hold commas, quotes and a
     * line break, written and read back: the same trace to the bit, settings, timings, facts and tables, and
     * diagnostics computed again from the trace that equal the runner's, so the table people read is the same.
     */
    @Test
    void aRunReadsBackAsItWasWritten() throws Exception {
        RunSettings settings = new RunSettings(300, 100, 2, 3, 5L, 2);
        ChainRun<ParallelChainRunnerTest.Ar1Chain> run;
        try (ParallelChainRunner runner = new ParallelChainRunner(new StreamDistributions())) {
            run = runner.run((c, rng) -> new ParallelChainRunnerTest.Ar1Chain(c, rng, 0.7, -1, 0), settings,
                    ProgressListener.NONE, new Cancellation());
        }
        SamplerPosterior p = SamplerPosterior.builder("test.ar1", "toy").run(run, settings)
                .bundle(new BundleOrigin("io.plate.sampler.mixture", "0.1.1"))
                .params(Map.of("phi", "0.7", "note", "a, \"b\""))
                .table("theta", new Table(List.of("class", "text"), List.of(List.of("a,b", "say \"x\"\nthen y"),
                        List.of("", "plain"))))
                .fact("note", "hello").fact("count", 3).fact("share", 0.25).build();
        Path dir = tmp.resolve("ar1");
        p.write(dir);

        assertTrue(Files.readString(dir.resolve("summary.json")).contains(
                "\"bundle\" : \"io.plate.sampler.mixture 0.1.1\""));
        SamplerPosterior back = SamplerPosterior.read(dir);
        assertEquals(p.sampler(), back.sampler());
        assertEquals(new BundleOrigin("io.plate.sampler.mixture", "0.1.1"), back.bundle());
        assertEquals(p.dataset(), back.dataset());
        assertEquals(p.params(), back.params());
        assertEquals(p.settings(), back.settings());
        assertEquals(p.seconds(), back.seconds());
        assertEquals(p.sweepsPerSecond(), back.sweepsPerSecond());
        assertFalse(back.cancelled());
        Trace t = p.trace();
        Trace u = back.trace();
        assertEquals(t.summaryNames(), u.summaryNames());
        assertEquals(3, u.chains());
        for (int c = 0; c < 3; c++) {
            assertEquals(100, u.draws(c));
            for (int d = 0; d < 100; d++) {
                assertEquals(t.iteration(c, d), u.iteration(c, d));
                for (int s = 0; s < 2; s++) {
                    assertEquals(Double.doubleToLongBits(t.value(c, d, s)), Double.doubleToLongBits(u.value(c, d, s)));
                }
            }
        }
        assertEquals(run.diagnostics(), back.diagnostics());
        assertEquals(DiagnosticsTable.render(p), DiagnosticsTable.render(back));
        assertEquals(p.tables(), back.tables());
        assertEquals(Map.of("note", "hello", "count", 3, "share", 0.25), back.facts());
        assertTrue(back.clustering().isEmpty());
    }

    /** Each malformed trace.csv or table names the file and line (and column) at fault, in one line. */
    @Test
    void aMalformedFileIsNamedWithItsLine() throws Exception {
        Path dir = tmp.resolve("bad");
        posterior().write(dir);
        Path trace = dir.resolve("trace.csv");
        List<String> good = Files.readAllLines(trace);

        assertReadFails(dir, trace + ", line 4, column logJoint: 'x' is not a number",
                () -> replaceLine(trace, good, 3, "0,13,x,2.0"));
        assertReadFails(dir, trace + ", line 5: 2 cells, the header has 4", () -> replaceLine(trace, good, 4, "0,14"));
        // a NaN where summary.json's mean says every draw was finite: the file is damaged (it was read, shown as –)
        assertReadFails(dir, trace + ", line 4, column logJoint: 'NaN' is not a finite number, yet summary.json gives"
                + " this summary a finite mean: the file was damaged or edited since the run wrote it",
                () -> replaceLine(trace, good, 3, "0,13,NaN,2.0"));
        assertReadFails(dir, trace + ", line 3, column chain: 'one' is not a whole number of at least 0",
                () -> replaceLine(trace, good, 2, "one,12,-1.25,3.0"));
        assertReadFails(dir, trace + ", line 8, column chain: chain 0 after chain 1: the rows of a chain come together,"
                + " chains in order", () -> replaceLine(trace, good, 7, "0,16,-1.0,2.0"));
        assertReadFails(dir, trace + ", line 4, column iteration: iteration 12 after 12 in chain 0: a chain's draws come"
                + " in order", () -> replaceLine(trace, good, 3, "0,12,-1.0,2.0"));
        assertReadFails(dir, trace + ", line 1: the header must begin chain,iteration (then the summaries), got"
                + " 'iteration,chain,logJoint,active'", () -> replaceLine(trace, good, 0, "iteration,chain,logJoint,active"));
        assertReadFails(dir, trace + ": chain 1 has 4 rows but summary.json says 5 draws held: the file was cut short"
                + " or edited", () -> Files.write(trace, good.subList(0, good.size() - 1)));
        Files.write(trace, good);

        Path theta = dir.resolve("theta.csv");
        assertReadFails(dir, theta + ", line 2: 3 cells, the header has 2",
                () -> Files.writeString(theta, "class,feature\na,b,c\n"));
        assertReadFails(dir, theta + ", line 2: a quoted cell is not closed by the end of the file",
                () -> Files.writeString(theta, "class,feature\n\"a,b\n"));
        Files.writeString(theta, "class,feature\na,b\n");

        Path summary = dir.resolve("summary.json");
        String json = Files.readString(summary);
        assertReadFails(dir, summary + ", line 3: not valid JSON (not the summary.json a run wrote, or edited since)",
                () -> Files.writeString(summary, "{\n  \"sampler\" : \"x\",\n  oops\n}\n"));
        assertReadFails(dir, summary + ": settings: burn-in must be in [0, iterations) = [0, 15), got 20",
                () -> Files.writeString(summary, json.replace("\"burnIn\" : 10", "\"burnIn\" : 20")));
        // a run of an earlier version names no bundle; a bundle that is not "NAME VERSION" is refused
        Files.writeString(summary, json.replace("\"sampler\" : ", "\"bundle\" : \"io.plate.x 1.0.0\",\n  \"sampler\" : "));
        assertEquals("io.plate.x 1.0.0", SamplerPosterior.read(dir).bundle().toString());
        assertFalse(json.contains("\"bundle\""), json);
        Files.writeString(summary, json);
        assertEquals(BundleOrigin.NONE, SamplerPosterior.read(dir).bundle());
        assertReadFails(dir, summary + ": 'bundle': expected a bundle's symbolic name and version, e.g."
                + " 'io.plate.classifier 0.1.0', or 'unknown', got '1.0.0'",
                () -> Files.writeString(summary, json.replace("\"sampler\" : ", "\"bundle\" : \"1.0.0\",\n  \"sampler\" : ")));
        assertReadFails(dir, summary + ": not found: a run directory holds trace.csv and summary.json",
                () -> Files.delete(summary));
        Files.writeString(summary, json);
        assertEquals(2, SamplerPosterior.read(dir).trace().chains(), "restored");

        Path notes = Files.createDirectories(tmp.resolve("notes"));
        Files.writeString(notes.resolve("summary.json"), "{}");
        PlateException none = assertThrows(PlateException.class, () -> SamplerPosterior.read(notes));
        assertEquals(notes + ": not a run directory (no trace.csv; plate:sample and plate:cluster write one with --out"
                + " DIR)", none.getMessage());
    }

    private interface Change {
        void apply() throws Exception;
    }

    private static void assertReadFails(Path dir, String message, Change change) throws Exception {
        change.apply();
        PlateException e = assertThrows(PlateException.class, () -> SamplerPosterior.read(dir));
        assertEquals(message, e.getMessage());
    }

    private static void replaceLine(Path file, List<String> lines, int index, String line) throws Exception {
        List<String> changed = new ArrayList<>(lines);
        changed.set(index, line);
        Files.write(file, changed);
    }
}
