#version 330 core
uniform sampler2D tex;
in vec2 uv;
out vec4 color;

void main()
{
   color = texture(tex, uv) * vec4(0.5, 0.5, 0.5, 1.0);
}
