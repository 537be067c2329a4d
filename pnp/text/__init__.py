"""Text: the Jinja2 templates' output as paragraphs, rich text, the font that draws each character,
Japanese line breaking (kinsoku) and fitting a text into its box."""
