package io.plate.mcmc.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import io.plate.api.PlateException;
import io.plate.api.io.AtomicFiles;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The run directory of the command-line contract, for any {@link Posterior}:
 * <ul>
 * <li>{@code trace.csv}: header {@code chain,iteration,<summary names…>}, one row per kept draw, chains in
 * order, numbers printed so they read back to the same double;</li>
 * <li>{@code summary.json}: {@code sampler}, {@code dataset}, {@code params}, {@code settings},
 * {@code seed}, {@code seconds}, {@code sweepsPerSecond}, {@code cancelled}, {@code summaries} (per
 * summary: {@code mean}, {@code sd}, {@code rhat}, {@code essBulk}, {@code essTail}; undefined figures are
 * {@code null}) and {@code facts};</li>
 * <li>one {@code STEM.csv} per table of the posterior.</li>
 * </ul>
 * The directory is written whole into a temporary sibling and renamed into place, so a reader (or a
 * process killed meanwhile) never sees half a file or files of two runs side by side.
 */
public final class RunDirectory {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunDirectory() {
    }

    /**
     * Writes {@code p}'s run directory as {@code dir}, whole or not at all: the files go to a temporary
     * sibling folder that then takes the place of {@code dir} (see {@link AtomicFiles#writeDirectory}).
     * An existing {@code dir} is replaced only when it is empty or a run directory itself.
     *
     * @throws PlateException when {@code dir} exists and holds files that are not a run's
     */
    public static void write(Posterior p, Path dir) throws IOException {
        try {
            AtomicFiles.writeDirectory(dir, RunDirectory::isRunDirectory, tmp -> {
                AtomicFiles.writeText(tmp.resolve("trace.csv"), w -> writeTrace(p.trace(), w));
                AtomicFiles.writeText(tmp.resolve("summary.json"), w -> JSON.writeValue(w, summaryJson(p)));
                for (Map.Entry<String, Table> t : p.tables().entrySet()) {
                    AtomicFiles.writeText(tmp.resolve(t.getKey() + ".csv"), w -> writeTable(t.getValue(), w));
                }
            });
        } catch (FileAlreadyExistsException e) {
            throw new PlateException("run directory '" + dir + "': the folder exists and holds files that are not a"
                    + " run's (only an empty folder or an earlier run directory is replaced); choose another folder");
        }
    }

    /**
     * True when {@code dir} may be replaced by a run directory: it is empty, or it holds
     * {@code summary.json} and otherwise only {@code .csv} files (what {@link #write} makes).
     */
    static boolean isRunDirectory(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            List<Path> all = entries.toList();
            if (all.isEmpty()) {
                return true;
            }
            boolean summary = false;
            for (Path e : all) {
                String name = e.getFileName().toString();
                if (!Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)) {
                    return false;
                }
                if (name.equals("summary.json")) {
                    summary = true;
                } else if (!name.endsWith(".csv") && !name.endsWith(AtomicFiles.SUFFIX)) {
                    return false;
                }
            }
            return summary;
        } catch (IOException e) {
            return false;
        }
    }

    /** The JSON object of {@code summary.json}. */
    private static ObjectNode summaryJson(Posterior p) {
        ObjectNode root = JSON.createObjectNode();
        root.put("sampler", p.sampler());
        root.put("dataset", p.dataset());
        ObjectNode params = root.putObject("params");
        p.params().forEach(params::put);
        RunSettings s = p.settings();
        ObjectNode settings = root.putObject("settings");
        settings.put("iterations", s.iterations());
        settings.put("maxIterations", s.maxIterations());
        settings.put("burnIn", s.burnIn());
        settings.put("thin", s.thin());
        settings.put("chains", s.chains());
        settings.put("seed", s.seed());
        settings.put("threads", s.threads());
        root.put("seed", s.seed());
        number(root, "seconds", p.seconds());
        number(root, "sweepsPerSecond", p.sweepsPerSecond());
        root.put("cancelled", p.cancelled());
        ObjectNode draws = root.putObject("draws");
        Trace trace = p.trace();
        for (int c = 0; c < trace.chains(); c++) {
            draws.put(Integer.toString(c), trace.draws(c));
        }
        ObjectNode summaries = root.putObject("summaries");
        for (SummaryDiagnostic d : p.diagnostics()) {
            ObjectNode o = summaries.putObject(d.name());
            number(o, "mean", d.mean());
            number(o, "sd", d.sd());
            number(o, "rhat", d.rhat());
            number(o, "essBulk", d.essBulk());
            number(o, "essTail", d.essTail());
        }
        root.set("facts", JSON.valueToTree(p.facts()));
        return root;
    }

    /** {@code v}; JSON has no infinity, so an infinite R-hat is the string {@code "inf"}, NaN is null. */
    private static void number(ObjectNode o, String name, double v) {
        if (Double.isFinite(v)) {
            o.put(name, v);
        } else if (Double.isInfinite(v)) {
            o.put(name, v > 0 ? "inf" : "-inf");
        } else {
            o.putNull(name);
        }
    }

    /** Writes the trace as CSV: {@code chain,iteration,<summaries…>}. */
    public static void writeTrace(Trace trace, Writer w) throws IOException {
        StringBuilder line = new StringBuilder("chain,iteration");
        for (String n : trace.summaryNames()) {
            line.append(',').append(csv(n));
        }
        w.write(line.append('\n').toString());
        int s = trace.summaryNames().size();
        for (int c = 0; c < trace.chains(); c++) {
            for (int d = 0; d < trace.draws(c); d++) {
                line.setLength(0);
                line.append(c).append(',').append(trace.iteration(c, d));
                for (int k = 0; k < s; k++) {
                    line.append(',').append(trace.value(c, d, k));
                }
                w.write(line.append('\n').toString());
            }
        }
    }

    /** Writes a table as CSV, quoting cells that hold a comma, quote or line break. */
    public static void writeTable(Table t, Writer w) throws IOException {
        w.write(row(t.header()));
        for (List<String> r : t.rows()) {
            w.write(row(r));
        }
    }

    private static String row(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(csv(cells.get(i)));
        }
        return b.append('\n').toString();
    }

    private static String csv(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
