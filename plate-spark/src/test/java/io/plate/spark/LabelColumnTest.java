package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A label column with (nearly) one value per row is refused, as the importers refuse it. */
class LabelColumnTest {
    private final SparkSession spark = SparkTestSession.get();

    @TempDir
    Path dir;

    @Test
    void aLabelWithNearlyOneValuePerRowIsNotAClassColumn() throws IOException {
        StringBuilder csv = new StringBuilder("name,x,kind\n");
        for (int i = 0; i < 40; i++) {
            // 21 distinct names in 40 rows: more than half; 2 kinds
            csv.append("n").append(Math.min(i, 20)).append(',').append(i * 0.5).append(',').append(i % 2 == 0 ? "a" : "b").append('\n');
        }
        Path file = dir.resolve("people.csv");
        Files.writeString(file, csv);
        PlateException e = assertThrows(PlateException.class, () -> PlateFrame.csv(spark, file.toString(), "name", Set.of()));
        assertEquals("label column 'name' has 21 distinct values in 40 rows, nearly one per row: not a class column;"
                + " name the class column with --label COLUMN (a numeric target is regression, which runs in the shell:"
                + " plate:import FILE --label name, then kernel.regression)", e.getMessage());
        assertEquals(2, PlateFrame.csv(spark, file.toString(), "kind", Set.of()).roles().classes.size());
        // 20 distinct values in 40 rows is half, not more: a class column
        Files.writeString(file, csv.toString().replace("n20,", "n19,"));
        assertEquals(20, PlateFrame.csv(spark, file.toString(), "name", Set.of()).roles().classes.size());
    }
}
