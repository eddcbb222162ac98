package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArffLibSvmTextTest {
    private static final ImportOptions D = ImportOptions.defaults();

    @Test
    void arffAttributeKindsSparseRowsCommentsAndQuotes() {
        String arff = "% a comment\n@RELATION 'test rel'\n"
                + "@attribute 'size m' NUMERIC\n"
                + "@attribute colour {red, 'dark green', blue} % blue never occurs\n"
                + "@attribute n integer\n"
                + "@attribute note string\n"
                + "@attribute when date \"yyyy-MM-dd\"\n"
                + "@attribute class {yes,no}\n"
                + "@data\n"
                + "1.5, red, 3, 'hello, world', 1970-01-02, yes\n"
                + "?, 'dark green', ?, ?, ?, no % trailing comment\n"
                + "{0 2.5, 3 \"x\", 5 no}\n";
        Dataset d = Inputs.arff(arff, D);
        assertEquals(3, d.rows());
        assertEquals("test rel", d.metadata().get("relation"));
        assertEquals(List.of("size m", "n", "when"), d.numeric().stream().map(c -> c.name()).toList());
        CategoricalColumn colour = d.categorical().get(0);
        assertEquals(List.of("red", "dark green", "blue"), colour.levels(), "declared order, unused level kept");
        assertEquals("dark green", colour.level(1));
        assertEquals("red", colour.level(2), "omitted nominal value in a sparse row is level 0");
        assertEquals(0.0, d.numeric().get(1).value(2), "omitted numeric value is 0");
        assertTrue(Double.isNaN(d.numeric().get(0).value(1)));
        assertEquals(86_400_000.0, d.numeric().get(2).value(0), "dates as epoch milliseconds");
        assertEquals("hello, world", d.categorical().get(1).level(0));
        // a nominal attribute's values are declared: a fold of row 0 alone knows them all (Weka's folds share the
        // header); a string attribute's levels are read from the rows
        assertTrue(colour.levelsDeclared());
        assertEquals(List.of("red", "dark green", "blue"), colour.select(new int[] {0}).fitLevels().levels());
        assertTrue(!d.categorical().get(1).levelsDeclared());
        assertEquals(List.of("yes", "no"), d.labels().orElseThrow().levels());
        assertEquals("no", d.labels().orElseThrow().level(2));
        Dataset byLabel = Inputs.arff(arff, ImportOptions.builder().label("colour").build());
        assertEquals("colour", byLabel.labels().orElseThrow().name());
    }

    @Test
    void libsvmRowsQidCommentsAndDeclaredFeatures() {
        String svm = "# header comment\n+1 qid:3 1:0.5 4:2 # trailing\n\n-1 2:1\n1.0 7:3\n";
        Dataset d = Inputs.libsvm(svm, D);
        assertEquals(3, d.rows());
        SparseMatrix m = d.sparse().orElseThrow();
        assertEquals(7, m.columns(), "largest index");
        assertEquals(List.of("-1", "1"), d.labels().orElseThrow().levels());
        assertEquals("1", d.labels().orElseThrow().level(2), "+1 and 1.0 are one class");
        assertEquals(0, m.column(m.start(0)));
        assertEquals(0.5, m.value(m.start(0)));
        assertEquals(3, m.column(m.start(0) + 1));
        assertEquals(6, m.column(m.start(2)));
        SparseMatrix mixed = Inputs.libsvm("1 1:2 2:3\n0 1:0.25\n", D).sparse().orElseThrow();
        assertTrue(!mixed.isIntegral());
        assertEquals(3.0, mixed.value(1));
        assertEquals(0.25, mixed.value(2), "whole counts first, then a fraction: stored as doubles");
        Dataset wide = Inputs.libsvm(svm, ImportOptions.builder().extra("n_features", "10").build());
        assertEquals(10, wide.featureCount());
        assertTrue(wide.metadata().get("qid").startsWith("1 rows"));
    }

    @Test
    void aFileNamesItsDatasetCuttingOnlyAnExtensionTheImporterClaims(@TempDir Path dir) throws Exception {
        Path train = Files.writeString(dir.resolve("a9a"), "1 1:1\n-1 2:1\n");
        Path test = Files.writeString(dir.resolve("a9a.t"), "1 1:1\n-1 2:1\n");
        Path svm = Files.writeString(dir.resolve("b.svm"), "1 1:1\n-1 2:1\n");
        LibSvmImporter libsvm = new LibSvmImporter();
        assertEquals("a9a", libsvm.read(train, D).name());
        assertEquals("a9a.t", libsvm.read(test, D).name(), "'.t' is no extension of LibSVM's: LIBSVM's test files");
        assertEquals("b", libsvm.read(svm, D).name());
        Path csv = dir.resolve("iris.csv.gz");
        try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(csv))) {
            o.write("a,y\n1,x\n2,z\n".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("iris", new CsvImporter().read(csv, D).name(), "compression suffix, then the extension");
    }

    @Test
    void tsvEscapesAndTokens() {
        String tsv = "label\tid\ttext\n"
                + "a\t1\tHello\\nWorld\\tTAB back\\\\slash x y_z ²nd café 3.14\n"
                + "b\t2\tworld's world\n";
        Dataset d = Inputs.text(tsv, D);
        SparseMatrix m = d.sparse().orElseThrow();
        // expected: CountVectorizer().fit(<the two unescaped texts>).get_feature_names_out() in scikit-learn 1.9.1;
        // '²' is a word character to Python (but not to Java's UNICODE_CHARACTER_CLASS \w)
        assertEquals(List.of("14", "back", "café", "hello", "slash", "tab", "world", "y_z", "²nd"), m.vocabulary());
        assertEquals(1, m.end(1) - m.start(1), "doc 2: only 'world' (the single 's' is no token)");
        assertEquals(2, m.count(m.start(1)), "world twice");
        assertEquals(m.vocabulary().indexOf("world"), m.column(m.start(1)));
    }

    @Test
    void folderPerClass(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("sci"));
        Files.createDirectories(root.resolve("arts"));
        Files.writeString(root.resolve("sci/1.txt"), "Atoms and\nQUARKS quarks", StandardCharsets.UTF_8);
        Files.write(root.resolve("arts/2.txt"), new byte[] {'c', 'a', 'f', (byte) 0xE9, ' ', 'o', 'k'}); // Latin-1
        Files.writeString(root.resolve("arts/.hidden"), "ignored words", StandardCharsets.UTF_8);
        Dataset d = new TextImporter().read(root, D);
        assertEquals(2, d.rows());
        assertEquals(List.of("arts", "sci"), d.labels().orElseThrow().levels());
        assertEquals(List.of("and", "atoms", "café", "ok", "quarks"), d.sparse().orElseThrow().vocabulary());
        assertEquals("1", d.metadata().get("latin-1 files"));
        SparseMatrix m = d.sparse().orElseThrow();
        assertEquals(2, m.count(m.end(1) - 1), "quarks twice in the sci document");
    }
}
