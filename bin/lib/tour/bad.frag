#version 330 core
out vec4 color;

void main()
{
   vec3 v = vec3(1.0);
   color = v;   /* a vec3 does not convert to a vec4 */
}
