#!/usr/bin/env python3
"""Makes the scikit-learn reference fixtures for Plate's text importer tests.

For each case it reads a TSV corpus of the repository's data/ folder (header with 'label'
and 'text', backslash escapes \\n \\t \\r \\\\), runs scikit-learn's CountVectorizer with the given
options, and writes one properties-style block: document count, vocabulary size, non-zeros, total
count, SHA-256 of the sorted vocabulary (words joined by '\\n', UTF-8), SHA-256 of the CSR matrix
(indptr, indices, data as little-endian int32, in that order), and a few sampled words with their
column index (separated by '|'). The Java test recomputes the same digests from Plate's dataset.

Run from the repository root (needs scikit-learn; the output used here came from scikit-learn 1.9.1):
  python3 bench/sklearn_import_fixtures.py . > bundles/io.plate.importers/src/test/resources/sklearn-vocabulary.txt
"""
import hashlib, sys
import numpy as np
import sklearn
from sklearn.feature_extraction.text import CountVectorizer


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            n = s[i + 1]
            out.append({'n': '\n', 't': '\t', 'r': '\r', '\\': '\\'}.get(n, n))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def read_tsv(path):
    with open(path, encoding='utf-8') as f:
        header = f.readline().rstrip('\n').split('\t')
        li, ti = header.index('label'), header.index('text')
        y, docs = [], []
        for line in f:
            parts = line.rstrip('\n').split('\t')
            y.append(parts[li])
            docs.append(unescape(parts[ti]))
    return docs, y


CASES = [
    # id, file, CountVectorizer keyword arguments (Plate option names in the comment)
    ('news-train-default', 'data/20newsgroups-subset/20news-train.tsv', {}),
    ('news-test-default', 'data/20newsgroups-subset/20news-test.tsv', {}),
    ('news-train-stop-mindf5-maxdf0.5', 'data/20newsgroups-subset/20news-train.tsv',
     dict(stop_words='english', min_df=5, max_df=0.5)),
    ('sms-bigram-stop-mindf2', 'data/sms-spam-collection/sms-spam.tsv',
     dict(ngram_range=(1, 2), stop_words='english', min_df=2)),
    # 304: the 304th and 305th most frequent words differ in frequency, so numpy's unstable argsort
    # (which scikit-learn uses to pick them) cannot break a tie at the cut differently from Plate
    ('sms-binary-maxfeatures304', 'data/sms-spam-collection/sms-spam.tsv', dict(binary=True, max_features=304)),
    ('sms-default', 'data/sms-spam-collection/sms-spam.tsv', {}),
]


def digest_ints(*arrays):
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.asarray(a, dtype='<i4').tobytes())
    return h.hexdigest()


def main(root):
    print('# scikit-learn %s CountVectorizer reference, made by bench/sklearn_import_fixtures.py' % sklearn.__version__)
    print('# data: 20 Newsgroups bydate, every 8th document (Lang 1995, Rennie); SMS Spam Collection v.1 (Almeida, Gomez Hidalgo 2011);')
    print('# see data/*/SOURCE.txt. Only counts and digests are kept here, no text of the corpora')
    print('# beyond the sampled words.')
    for cid, rel, kw in CASES:
        docs, y = read_tsv(root + '/' + rel)
        cv = CountVectorizer(**kw)
        X = cv.fit_transform(docs).tocsr()
        X.sort_indices()
        vocab = cv.get_feature_names_out().tolist()
        p = cid + '.'
        print(p + 'file=' + rel)
        print(p + 'options=' + ' '.join('%s=%s' % (k, v) for k, v in sorted(kw.items())))
        print(p + 'documents=%d' % X.shape[0])
        print(p + 'vocabulary=%d' % len(vocab))
        print(p + 'nonzeros=%d' % X.nnz)
        print(p + 'total=%d' % int(X.sum()))
        print(p + 'vocabularySha256=' + hashlib.sha256('\n'.join(vocab).encode('utf-8')).hexdigest())
        print(p + 'matrixSha256=' + digest_ints(X.indptr, X.indices, X.data))
        step = max(1, len(vocab) // 9)
        samples = [(j, vocab[j]) for j in range(0, len(vocab), step)] + [(len(vocab) - 1, vocab[-1])]
        print(p + 'samples=' + '|'.join('%d:%s' % (j, w) for j, w in samples))


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else '.')
