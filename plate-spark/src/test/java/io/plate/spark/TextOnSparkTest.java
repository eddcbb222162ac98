package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import io.plate.importers.impl.TextImporter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text vectorised on Spark (3 partitions, vocabulary by a distributed count) against the text importer
 * on the same file: the same vocabulary in the same order, the same counts in every row, the same labels;
 * with the importer's defaults and with pruning options (min_df, max_features, stop words, binary, bigrams).
 */
class TextOnSparkTest {
    private final SparkSession spark = SparkTestSession.get();

    @TempDir
    Path dir;

    @Test
    void smsSpamTsvWithDefaults() {
        same(ImportOptions.defaults(), SparkTestSession.data("sms-spam-collection/sms-spam.tsv"), false);
    }

    @Test
    void smsSpamTsvPruned() {
        same(ImportOptions.builder().minDf(3).maxDf(0.5).maxFeatures(700).stopWords(true).binary(true).build(),
                SparkTestSession.data("sms-spam-collection/sms-spam.tsv"), false);
        same(ImportOptions.builder().ngramMax(2).maxFeatures(2000).build(),
                SparkTestSession.data("sms-spam-collection/sms-spam.tsv"), false);
    }

    @Test
    void folderPerClassCorpusWithALatin1File() throws Exception {
        Files.createDirectories(dir.resolve("sci.space"));
        Files.createDirectories(dir.resolve("rec.autos"));
        Files.createDirectories(dir.resolve(".hidden"));
        Files.writeString(dir.resolve("sci.space/10"), "Orbit of the Moon; the moon's ORBIT\nnext line", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("sci.space/9"), "Ärger über Raketen: ünd 2² ½", StandardCharsets.UTF_8);
        Files.write(dir.resolve("rec.autos/1"), "caf\u00e9 cars and caf\u00e9 engines".getBytes(StandardCharsets.ISO_8859_1));
        Files.writeString(dir.resolve("rec.autos/.skip"), "never read", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(".hidden/x"), "never read either", StandardCharsets.UTF_8);
        same(ImportOptions.defaults(), dir, true);
    }

    @Test
    void commaSeparatedTextWithQuotingAndItsOwnColumnNames() throws Exception {
        // as scikit-learn users write text with pandas' to_csv: quoted fields holding commas, quotes, line breaks
        Path csv = dir.resolve("texts.csv");
        StringBuilder b = new StringBuilder("id,message,kind\n");
        String[] texts = {"free money now, click here", "are we \"meeting\" at noon?", "win a prize\ntoday, WIN",
            "see you at lunch", "", "Money money money"};
        for (int i = 0; i < 60; i++) {
            String t = texts[i % texts.length];
            b.append(i).append(",\"").append(t.replace("\"", "\"\"")).append("\",").append(i % 3 == 0 ? "spam" : "ham")
                    .append('\n');
        }
        Files.writeString(csv, b);
        same(ImportOptions.builder().delimiter(',').label("kind").extra(TextImporter.TEXT_COLUMN, "message").build(), csv,
                false);
        // the same documents as pandas' to_csv(sep='\t') writes them (its index first), read with --delimiter tab
        Path tsv = dir.resolve("texts.tsv");
        Files.writeString(tsv, b.toString().replace(",\"", "\t\"").replace("\",", "\"\t").replace("id,message,kind",
                "\tmessage\tkind"));
        same(ImportOptions.builder().delimiter('\t').label("kind").extra(TextImporter.TEXT_COLUMN, "message").build(), tsv,
                false);
        // without the delimiter nor the text column: the importer's message, which names both options
        PlateException e = assertThrows(PlateException.class, () -> SparkText.tsv(spark, csv.toString(),
                ImportOptions.builder().label("kind").build()));
        assertEquals(csv + ", line 1, column text: no 'text' column in the header [\"id,message,kind\"]; the header has no"
                + " tab, and separated by ',' it has no 'text' column either [id, message, kind]: for a table of numbers or"
                + " categories give --format csv; for a column of text give --delimiter , --text-column NAME", e.getMessage());
    }

    private void same(ImportOptions options, Path file, boolean folders) {
        Dataset local = new TextImporter().read(file, options);
        org.apache.spark.sql.Dataset<Row> docs = folders ? SparkText.folders(spark, file.toString())
                : SparkText.tsv(spark, file.toString(), options);
        PlateFrame frame = SparkText.vectorise(docs.repartition(3).sortWithinPartitions(SparkText.LABEL), options);
        PlateFrame ordered = SparkText.vectorise(docs, options);
        SparseMatrix m = local.sparse().orElseThrow();
        assertEquals(m.vocabulary(), frame.roles().vocabulary, "vocabulary of the repartitioned corpus");
        assertEquals(m.vocabulary(), ordered.roles().vocabulary);
        List<Row> rows = ordered.rows().collectAsList();
        assertEquals(m.rows(), rows.size());
        CategoricalColumn labels = local.labels().orElseThrow();
        for (int r = 0; r < m.rows(); r++) {
            SparseVector v = (SparseVector) rows.get(r).get(1);
            int len = m.end(r) - m.start(r);
            assertEquals(len, v.indices().length, "row " + r + " non-zeros");
            for (int q = 0; q < len; q++) {
                assertEquals(m.column(m.start(r) + q), v.indices()[q], "row " + r);
                assertEquals(m.value(m.start(r) + q), v.values()[q], "row " + r);
            }
            assertEquals(labels.level(r), rows.get(r).getString(0), "label of row " + r);
        }
    }
}
