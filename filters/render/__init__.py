"""Output: the filtered page as HTML, the reader page, and plain text."""
