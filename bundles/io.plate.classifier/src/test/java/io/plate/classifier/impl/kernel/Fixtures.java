package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Test helpers: fixture files under {@code src/test/resources/kernel} (made by
 * {@code src/test/python/kernel/make_fixtures.py}, command in that file) and datasets built through the API.
 */
public final class Fixtures {
    private Fixtures() {
    }

    public static JsonNode json(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/kernel/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing fixture /kernel/" + name);
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static double[] doubles(JsonNode a) {
        double[] out = new double[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i).doubleValue();
        }
        return out;
    }

    public static double[][] matrix(JsonNode a) {
        double[][] out = new double[a.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = doubles(a.get(i));
        }
        return out;
    }

    /** A dataset of numeric columns {@code f0, f1, …} (rows × columns) with string labels (null = none). */
    public static Dataset numeric(String name, double[][] x, String[] labels) {
        Dataset.Builder b = Dataset.builder(name);
        int p = x.length == 0 ? 0 : x[0].length;
        for (int d = 0; d < p; d++) {
            double[] col = new double[x.length];
            for (int r = 0; r < x.length; r++) {
                col[r] = x[r][d];
            }
            b.numeric(NumericColumn.of("f" + d, col));
        }
        if (labels != null) {
            b.labels(labels("class", labels));
        }
        return b.build();
    }

    /** A categorical column over the distinct non-null values (sorted); null = missing. */
    public static CategoricalColumn labels(String name, String[] values) {
        TreeSet<String> lv = new TreeSet<>();
        for (String v : values) {
            if (v != null) {
                lv.add(v);
            }
        }
        List<String> levels = new ArrayList<>(lv);
        int[] codes = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            codes[i] = values[i] == null ? CategoricalColumn.MISSING : levels.indexOf(values[i]);
        }
        return CategoricalColumn.of(name, levels, codes);
    }

    /** Writes the model file and reads it back through the learner. */
    public static Model roundTrip(Learner learner, Model m) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            m.writeJson(out);
            return learner.readModel(new ByteArrayInputStream(out.toByteArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String text(Model m) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            m.writeJson(out);
            return out.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    public static double[][] exp(double[][] lp) {
        double[][] out = new double[lp.length][];
        for (int r = 0; r < lp.length; r++) {
            out[r] = new double[lp[r].length];
            for (int c = 0; c < lp[r].length; c++) {
                out[r][c] = Math.exp(lp[r][c]);
            }
        }
        return out;
    }

    /** A copy of {@code x} with every value times {@code c} (the scale-invariance tests). */
    public static double[][] times(double[][] x, double c) {
        double[][] out = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i].clone();
            for (int d = 0; d < out[i].length; d++) {
                out[i][d] *= c;
            }
        }
        return out;
    }
}
