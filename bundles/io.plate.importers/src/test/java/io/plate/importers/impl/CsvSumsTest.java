package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.NumericColumn;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every numeric cell of five shared CSV files parses to the same double as Python's {@code float()}:
 * per column, the count of values and their exact sum (BigDecimal, rounded once) equal the
 * {@code math.fsum} in {@code src/test/resources/csv-column-sums.txt}, made by
 * {@code bench/sklearn_import_csv_sums.py}.
 */
class CsvSumsTest {
    @Test
    void columnSumsEqualPythons() throws IOException {
        Map<String, Dataset> loaded = new HashMap<>();
        int checked = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                CsvSumsTest.class.getResourceAsStream("/csv-column-sums.txt"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\\|");
                Dataset d = loaded.computeIfAbsent(f[0],
                        k -> new CsvImporter().read(Shared.data(k), ImportOptions.defaults()));
                NumericColumn c = d.numeric().stream().filter(x -> x.name().equals(f[1])).findFirst()
                        .orElseThrow(() -> new AssertionError(f[0] + ": no numeric column " + f[1]));
                BigDecimal sum = BigDecimal.ZERO;
                int n = 0;
                for (int i = 0; i < c.size(); i++) {
                    double v = c.value(i);
                    if (!Double.isNaN(v)) {
                        sum = sum.add(new BigDecimal(v));
                        n++;
                    }
                }
                assertEquals(Integer.parseInt(f[2]), n, f[0] + " " + f[1] + " count");
                assertEquals(Double.parseDouble(f[3]), sum.doubleValue(), 0.0, f[0] + " " + f[1] + " sum");
                checked++;
            }
        }
        assertTrue(checked > 100, "columns checked: " + checked);
    }
}
