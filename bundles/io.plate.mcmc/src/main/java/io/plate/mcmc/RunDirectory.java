package io.plate.mcmc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
 * Every file is written to a temporary file in the directory and then renamed over the target, so a
 * reader never sees half a file.
 */
public final class RunDirectory {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunDirectory() {
    }

    /** Writes every file of {@code p}'s run directory into {@code dir}, creating it when needed. */
    public static void write(Posterior p, Path dir) throws IOException {
        Files.createDirectories(dir);
        writeAtomically(dir.resolve("trace.csv"), w -> writeTrace(p.trace(), w));
        writeAtomically(dir.resolve("summary.json"), w -> JSON.writeValue(w, summaryJson(p)));
        for (Map.Entry<String, Table> t : p.tables().entrySet()) {
            writeAtomically(dir.resolve(t.getKey() + ".csv"), w -> writeTable(t.getValue(), w));
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

    private static void number(ObjectNode o, String name, double v) {
        if (Double.isFinite(v)) {
            o.put(name, v);
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

    /**
     * The diagnostics table people read: one row per summary with mean, sd, R-hat, bulk and tail ESS,
     * then the run's seconds and sweeps per second.
     */
    public static String diagnosticsTable(Posterior p) {
        String[] header = {"summary", "mean", "sd", "R-hat", "ESS bulk", "ESS tail"};
        List<SummaryDiagnostic> ds = p.diagnostics();
        String[][] cells = new String[ds.size()][];
        for (int i = 0; i < ds.size(); i++) {
            SummaryDiagnostic d = ds.get(i);
            cells[i] = new String[] {d.name(), fmt(d.mean(), "%.4g"), fmt(d.sd(), "%.4g"), fmt(d.rhat(), "%.3f"),
                fmt(d.essBulk(), "%.0f"), fmt(d.essTail(), "%.0f")};
        }
        int[] width = new int[header.length];
        for (int j = 0; j < header.length; j++) {
            width[j] = header[j].length();
            for (String[] r : cells) {
                width[j] = Math.max(width[j], r[j].length());
            }
        }
        StringBuilder b = new StringBuilder();
        b.append(p.sampler()).append(" on ").append(p.dataset()).append(": ").append(p.settings().chains())
                .append(" chains × ").append(p.settings().keptPerChain()).append(" kept draws (")
                .append(p.settings().iterations()).append(" iterations, burn-in ").append(p.settings().burnIn())
                .append(", thin ").append(p.settings().thin()).append(", seed ").append(p.settings().seed())
                .append(")").append(p.cancelled() ? " — CANCELLED, partial draws" : "").append('\n');
        appendRow(b, header, width);
        for (String[] r : cells) {
            appendRow(b, r, width);
        }
        b.append(String.format(Locale.ROOT, "%.2f s, %.0f sweeps/s", p.seconds(), p.sweepsPerSecond()));
        return b.toString();
    }

    private static void appendRow(StringBuilder b, String[] r, int[] width) {
        for (int j = 0; j < r.length; j++) {
            if (j == 0) {
                b.append(String.format(Locale.ROOT, "%-" + width[j] + "s", r[j]));
            } else {
                b.append("  ").append(String.format(Locale.ROOT, "%" + width[j] + "s", r[j]));
            }
        }
        b.append('\n');
    }

    private static String fmt(double v, String f) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, f, v) : "NaN";
    }

    /** Writes with {@code body} to a temporary file beside {@code target}, then renames it over the target. */
    public static void writeAtomically(Path target, WriterBody body) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(w);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes a file's content. */
    @FunctionalInterface
    public interface WriterBody {
        void write(Writer w) throws IOException;
    }
}
