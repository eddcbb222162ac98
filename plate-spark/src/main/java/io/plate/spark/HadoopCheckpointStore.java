package io.plate.spark;

import io.plate.api.io.AtomicFiles;
import io.plate.api.sample.CheckpointStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Checkpoints in a folder of any Hadoop file system ({@code hdfs:}, {@code s3a:}, {@code file:} …): a file
 * is written under a hidden name ({@code .NAME.tmp}) and renamed when whole, so a reader, or a driver
 * lost meanwhile, never sees half of one. Hidden entries ({@code .…}, {@code _…}: temporaries, the local
 * file system's checksums) are not listed. The jar's model files and run directories on such a file
 * system are written through it too ({@link Locations}).
 */
public final class HadoopCheckpointStore implements CheckpointStore {
    private final Path dir;
    private final FileSystem fs;

    /** The folder {@code dir} (a Hadoop path or URI) on the file system {@code conf} gives for it. */
    public HadoopCheckpointStore(String dir, Configuration conf) throws IOException {
        this.dir = new Path(dir);
        this.fs = this.dir.getFileSystem(conf);
    }

    @Override
    public void write(String name, AtomicFiles.Body body) throws IOException {
        fs.mkdirs(dir);
        Path tmp = new Path(dir, "." + name + ".tmp");
        try (OutputStream out = fs.create(tmp, true)) {
            body.write(out);
        } catch (IOException | RuntimeException e) {
            fs.delete(tmp, false);
            throw e;
        }
        Path done = new Path(dir, name);
        if (fs.exists(done)) { // a rename onto an existing file fails on HDFS
            fs.delete(done, false);
        }
        if (!fs.rename(tmp, done)) {
            throw new IOException("could not rename " + tmp + " to " + done);
        }
    }

    @Override
    public InputStream open(String name) throws IOException {
        return fs.open(new Path(dir, name));
    }

    @Override
    public List<String> list() throws IOException {
        List<String> names = new ArrayList<>();
        if (!fs.exists(dir)) {
            return names;
        }
        for (FileStatus f : fs.listStatus(dir)) {
            String n = f.getPath().getName();
            if (f.isFile() && !n.startsWith(".") && !n.startsWith("_")) {
                names.add(n);
            }
        }
        names.sort(null);
        return names;
    }

    @Override
    public void delete(String name) throws IOException {
        fs.delete(new Path(dir, name), false);
    }

    @Override
    public String where(String name) {
        return new Path(dir, name).toString();
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
