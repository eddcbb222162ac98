package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.EvaluationReport;
import io.plate.plot.Series;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FiguresTest {
    @Test
    void runningRhatOfWellMixedChainsApproachesOne() {
        // two chains of an alternating deterministic sequence that is well mixed: R-hat ~ 1 at the end
        double[][] chains = new double[2][400];
        for (int c = 0; c < 2; c++) {
            for (int d = 0; d < 400; d++) {
                chains[c][d] = Math.sin(d * 1.7 + c * 0.3);
            }
        }
        Series s = Figures.runningRhat(chains);
        double last = s.y()[s.y().length - 1];
        assertTrue(Math.abs(last - 1) < 0.05, "R-hat " + last);
        // chains stuck at different levels: R-hat far above one
        for (int d = 0; d < 400; d++) {
            chains[1][d] += 10;
        }
        Series bad = Figures.runningRhat(chains);
        assertTrue(bad.y()[bad.y().length - 1] > 1.5, "R-hat of separated chains " + bad.y()[bad.y().length - 1]);
    }

    @Test
    void principalComponentsOfALineAreTheLine() {
        double[] a = {1, 2, 3, 4, 5};
        double[] b = {2, 4, 6, 8, 10};
        Dataset d = Dataset.builder("d").numeric(NumericColumn.of("a", a)).numeric(NumericColumn.of("b", b)).build();
        double[][] pc = Figures.principalComponents(d);
        // all variance on PC1 (standardised a and b are equal): PC2 is zero, PC1 is sqrt(2) * z
        for (int r = 0; r < 5; r++) {
            assertEquals(0, pc[1][r], 1e-9);
            double z = (a[r] - 3) / Math.sqrt(2.5);
            assertEquals(Math.sqrt(2) * z, Math.abs(pc[0][r]) * Math.signum(z), 1e-9);
        }
    }

    @Test
    void confusionFromEvaluationJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("eval.json");
        Files.writeString(json, "{\"learner\":\"nb.categorical\",\"accuracy\":0.9,\"classes\":[\"a\",\"b\"],"
                + "\"confusion\":[[5,1],[0,4]]}");
        EvaluationReport r = PlotCommands.report(json.toString());
        assertEquals(List.of("a", "b"), r.classes());
        assertArrayEquals(new long[] {5, 1}, r.confusion()[0]);
        Path png = dir.resolve("c.png");
        Figures.confusion(r, png);
        assertTrue(Files.size(png) > 1000);
        Files.writeString(json, "{\"classes\":[\"a\",\"b\"],\"confusion\":[[5,1]]}");
        assertThrows(PlateException.class, () -> PlotCommands.report(json.toString()));
    }

    @Test
    void csvLinesDrawsOneLinePerGroupAndNamesBadLines(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        Files.writeString(csv, "features,learner,accuracy\n1,a,0.5\n2,a,0.6\n1,b,0.4\n2,b,0.7\n");
        Path png = dir.resolve("t.png");
        Figures.csvLines(csv, "features", "accuracy", List.of("learner"), png);
        assertTrue(Files.size(png) > 1000);
        Files.writeString(csv, "features,learner,accuracy\n1,a,0.5\n2,a\n");
        PlateException e = assertThrows(PlateException.class,
                () -> Figures.csvLines(csv, "features", "accuracy", List.of("learner"), png));
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
        PlateException col = assertThrows(PlateException.class,
                () -> Figures.csvLines(csv, "features", "recall", List.of(), png));
        assertTrue(col.getMessage().contains("recall"), col.getMessage());
    }
}
