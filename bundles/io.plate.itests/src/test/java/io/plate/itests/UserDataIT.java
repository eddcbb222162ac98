package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Data as scikit-learn and pandas users bring it (issue 14 §2), through the shell's commands in a framework
 * with the real bundles: codes with leading zeros in a test file, a class named None, 1 and 1.0 in one column.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class UserDataIT {
    @TempDir
    Path dir;

    /** {@code header}, then {@code n} rows cycling through {@code rows}. */
    private Path csv(String name, String header, int n, String... rows) throws Exception {
        StringBuilder s = new StringBuilder(header).append('\n');
        for (int i = 0; i < n; i++) {
            s.append(rows[i % rows.length]).append('\n');
        }
        return Files.writeString(dir.resolve(name), s);
    }

    @Test
    void aTestFilesCodesWithLeadingZerosMatchTheTrainingLevels() throws Exception {
        // the class follows the code; the test file's column is all digits, so it is read as numbers
        String[] rows = {"007,a", "010,a", "042,b", "123,b"};
        Path train = csv("train.csv", "code,y", 40, rows);
        Path test = csv("test.csv", "code,y", 12, rows);
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            sh.run("plate:import " + train + " --categorical code");
            sh.run("plate:import " + test);
            for (String learner : List.of("nb.categorical", "nb.sparse")) {
                sh.run("plate:train " + learner + " train" + (learner.equals("nb.sparse") ? " iterations=200 burn_in=50" : "")
                        + " --name m --seed 3");
                String p = sh.run("plate:predict m test");
                // before: 007, 010 and 042 read as 7, 10 and 42 matched no level: 0.5, or no categorical column
                assertTrue(p.contains("accuracy against the dataset's labels: 1.0000 (12 of 12)"), learner + ":\n" + p);
            }
        }
    }

    @Test
    void aCsvClassNamedNoneIsReportedWithTheFix() throws Exception {
        Path intents = csv("intents.csv", "text_length,intent", 30, "3,None", "5,greet", "8,bye", "2,None", "7,NA");
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            String out = sh.run("plate:import " + intents);
            assertTrue(out.contains("warning: label column 'intent': 18 rows ('NA' 6, 'None' 12) are read as missing (pandas'"
                    + " markers): if one is a class, import with --missing '?,,"), out);
            String fix = out.substring(out.indexOf("--missing '") + 10, out.indexOf('\'', out.indexOf("--missing '") + 11) + 1);
            String kept = sh.run("plate:import " + intents + " --name kept --missing " + fix);
            assertTrue(kept.contains("4 classes in 'intent'") && !kept.contains("warning"), kept);
        }
    }

    @Test
    void oneAndOnePointZeroAreOneClass() throws Exception {
        // pandas writes 1.0 for the integers of a column that also holds a NaN: one class with 1
        Path ratings = csv("ratings.csv", "x,y", 20, "1,1", "2,1.0", "3,2", "4,2.0");
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            String out = sh.run("plate:import " + ratings + " --categorical y");
            assertTrue(out.contains("2 classes in 'y' (1 10, 2 10)"), out);
        }
    }

    @Test
    void aSpreadsheetsWindowsCsvIsReadWithTheEncodingPandasWouldBeGiven() throws Exception {
        // Excel on Windows: ';' between fields, decimal commas, Windows-1252 (pandas: sep=';', decimal=',', encoding='cp1252')
        Path excel = Files.write(dir.resolve("excel.csv"), "Größe;Farbe;y\n1,5;grün;ja\n2,5;blau;nein\n3,5;grün;ja\n"
                .getBytes(java.nio.charset.Charset.forName("windows-1252")));
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            Exception refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> sh.run("plate:import " + excel));
            assertTrue(refused.getMessage().contains("line 1: invalid UTF-8 byte sequence")
                    && refused.getMessage().contains("give --encoding cp1252, or latin-1"), refused.getMessage());
            String out = sh.run("plate:import " + excel + " --encoding cp1252 --decimal ,");
            assertTrue(out.contains("excel: 3 rows, 2 features (1 categorical, 1 numeric), 2 classes in 'y' (ja 2, nein 1)"), out);
        }
    }
}
