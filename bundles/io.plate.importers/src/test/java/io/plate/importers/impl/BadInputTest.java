package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of bad input fails with an {@link ImportException} naming the line and the column or field. */
class BadInputTest {
    private static final ImportOptions D = ImportOptions.defaults();

    private static ImportException fails(Executable e, long line, String column, String words) {
        ImportException x = assertThrows(ImportException.class, e);
        assertEquals(line, x.line(), x.getMessage());
        assertEquals(column, x.column(), x.getMessage());
        assertTrue(x.getMessage().contains(words), x.getMessage());
        assertTrue(x.getMessage().startsWith(Inputs.FILE.toString()) || x.file() != Inputs.FILE, x.getMessage());
        return x;
    }

    private static byte[] bytes(String before, int[] raw, String after) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        for (int r : raw) {
            b.write(r);
        }
        b.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return b.toByteArray();
    }

    @Test
    void raggedRow() {
        fails(() -> Inputs.csv("a,b,c\n1,2,x\n3,4\n", D), 3, "field 3", "expected 3 fields");
        fails(() -> Inputs.csv("a,b,c\n1,2,x\n3,4,5,6\n", D), 3, "field 4", "found 4");
        // the line of a record is where it starts, also after a quoted line break
        fails(() -> Inputs.csv("a,b\n\"x\ny\",1\n2\n", D), 4, "field 2", "ragged");
        fails(() -> Inputs.text("label\ttext\nham\thello\nspam\n", D), 3, "field 2", "ragged row");
    }

    @Test
    void badNumberInColumnForcedNumeric() {
        ImportOptions o = ImportOptions.builder().numeric(Set.of("a")).build();
        fails(() -> Inputs.csv("a,b\n1,x\n2.5,y\nfoo,z\n", o), 4, "a", "expected a number");
        fails(() -> Inputs.arff("@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,x\nzz,y\n", D),
                6, "a", "expected a number");
    }

    @Test
    void invalidUtf8() {
        byte[] b = bytes("a,b\n1,x\n2,", new int[] {0xC3, 0x28}, "\n");
        fails(() -> new CsvImporter().read(Inputs.stream(b), Inputs.FILE, D), 3, null, "invalid UTF-8");
        byte[] t = bytes("label\ttext\nham\tok\nspam\tbad ", new int[] {0xFF}, " byte\n");
        fails(() -> new TextImporter().read(Inputs.stream(t), Inputs.FILE, D), 3, null, "invalid UTF-8");
        byte[] cut = bytes("1 1:1\n1 2:1 caf", new int[] {0xC3}, ""); // not in a comment: that is never decoded
        fails(() -> new LibSvmImporter().read(Inputs.stream(cut), Inputs.FILE, D), 2, null, "invalid UTF-8");
    }

    @Test
    void undeclaredArffLevel() {
        String arff = "% comment\n@relation r\n@attribute 'a b' {x, 'y z'}\n@attribute class {p,q}\n@data\n"
                + "x,p\n'y z',q\nw,p\n";
        fails(() -> Inputs.arff(arff, D), 8, "a b", "undeclared nominal level 'w'");
    }

    @Test
    void libsvmIndexZeroNonNumberAndOrder() {
        fails(() -> Inputs.libsvm("1 1:1\n-1 0:1 3:2\n", ImportOptions.builder().extra("zero_based", "false").build()), 2,
                "field 2", "index 0");
        fails(() -> Inputs.libsvm("1 1:abc\n", D), 1, "field 2", "expected a number");
        fails(() -> Inputs.libsvm("1 x:1\n", D), 1, "field 2", "feature index");
        fails(() -> Inputs.libsvm("# c\n1 1:1 3:1 2:1\n", D), 2, "field 4", "strictly increasing");
        fails(() -> Inputs.libsvm("yes 1:1\n", D), 1, "label", "expected a number");
        fails(() -> Inputs.libsvm("1 1:1 200:1\n", ImportOptions.builder().extra("n_features", "123").build()),
                1, "field 3", "exceeds the declared number of features 123");
    }

    @Test
    void emptyFiles() {
        fails(() -> Inputs.csv("", D), 0, null, "empty file");
        fails(() -> Inputs.arff("", D), 0, null, "empty file");
        fails(() -> Inputs.libsvm("", D), 0, null, "empty file");
        fails(() -> Inputs.text("", D), 0, null, "empty file");
        fails(() -> Inputs.csv("a,b\n", D), 2, null, "no data rows");
    }

    @Test
    void binaryFile() {
        byte[] b = bytes("a,b\n1,2\n", new int[] {0x50, 0x4B, 0x03, 0x04, 0x00, 0x01}, "");
        fails(() -> new CsvImporter().read(Inputs.stream(b), Inputs.FILE, D), 3, null, "binary file");
        fails(() -> new ArffImporter().read(Inputs.stream(b), Inputs.FILE, D), 1, null, "expected @relation");
        byte[] gz = {(byte) 0x1f, (byte) 0x8b, 0x08, 0x00, 0x00, 0x00};
        fails(() -> new LibSvmImporter().read(Inputs.stream(gz), Inputs.FILE, D), 1, null, "invalid UTF-8");
    }

    @Test
    void missingLabelColumn() {
        ImportOptions o = ImportOptions.builder().label("target").build();
        fails(() -> Inputs.csv("a,b\n1,2\n", o), 1, "target", "no label column");
        fails(() -> Inputs.text("label\ttext\nx\ty\n", o), 1, "target", "no label column");
        fails(() -> Inputs.text("class\ttext\nx\ty\n", D), 1, "label", "no label column");
        fails(() -> Inputs.text("label\tbody\nx\ty\n", D), 1, "text", "no 'text' column");
        fails(() -> Inputs.arff("@relation r\n@attribute a numeric\n@data\n1\n", o), 0, "target", "no attribute");
        fails(() -> Inputs.csv("a,b\n1,2\n", ImportOptions.builder().categorical(Set.of("zz")).build()), 1, "zz",
                "--categorical names a column");
    }

    @Test
    void fileNotFoundAndDirectory(@TempDir Path dir) throws Exception {
        Path nothing = dir.resolve("nothing.csv");
        for (var imp : new io.plate.api.data.Importer[] {new CsvImporter(), new ArffImporter(), new LibSvmImporter(),
                new TextImporter()}) {
            ImportException x = assertThrows(ImportException.class, () -> imp.read(nothing, D));
            assertEquals(nothing, x.file());
            assertTrue(x.getMessage().contains("not found"), x.getMessage());
        }
        Files.createDirectories(dir.resolve("sub"));
        ImportException x = assertThrows(ImportException.class, () -> new CsvImporter().read(dir, D));
        assertTrue(x.getMessage().contains("directory"), x.getMessage());
    }

    @Test
    void otherMalformedShapes() {
        fails(() -> Inputs.csv("a,b\n\"open,1\n2,3\n", D), 2, "field 1", "unterminated quoted field");
        fails(() -> Inputs.csv("a,a\n1,2\n", D), 1, "a", "duplicate column");
        fails(() -> Inputs.arff("@relation r\n@attribute a {x,y}\n@data\n{0 x, 3 y}\n", D), 4, null, "outside 0..0");
        fails(() -> Inputs.arff("@relation r\n@attribute a relational\n@data\n", D), 2, "a", "unsupported attribute type");
        fails(() -> Inputs.arff("@relation r\n@attribute a numeric\n@attribute b numeric\n@data\n1\n", D), 5, "b",
                "row has 1 values");
        fails(() -> Inputs.arff("@relation r\n@attribute d date yyyy-MM-dd\n@data\n2020-13-45\n", D), 4, "d",
                "expected a date");
        fails(() -> Inputs.arff("@relation r\n@attribute a {x,y}\n@data\nx\n", ImportOptions.builder()
                .numeric(Set.of("a")).build()), 0, "a", "declared nominal");
        fails(() -> Inputs.text("label\ttext\nx\t!!\n", D), 0, null, "empty vocabulary");
        fails(() -> Inputs.text("label\ttext\nx\tthe and\n", ImportOptions.builder().stopWords(true).build()), 0, null,
                "other than stop words");
        fails(() -> Inputs.text("label\ttext\nx\tab cd\n", ImportOptions.builder().minDf(2).build()), 0, null,
                "fewer than min-df");
    }
}
