import Image from "@tiptap/extension-image";

/*
 * The rich-text editor's images: block images with their address, alt text, size and,
 * for our uploads, srcset and sizes — the attributes the sanitizer keeps (it works srcset, sizes,
 * width and height out again from an upload's address on save). No data: addresses, no resizing
 * handles: an image is shown at the text column's width.
 */
export const BodyImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      srcset: { default: null },
      sizes: { default: null },
    };
  },
}).configure({ inline: false, allowBase64: false });
